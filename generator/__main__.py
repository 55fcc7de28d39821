from generator.commands.cli import entry

entry()
