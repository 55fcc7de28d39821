"""The command line and the batch driving the pipeline."""
