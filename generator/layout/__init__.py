"""Stage 3: what goes where: formats (layouts/), templates composed, text fitted into slots."""
