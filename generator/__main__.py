from generator.commands.launch import entry

entry()
