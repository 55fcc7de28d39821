"""Write generator/safety/discretion/prototypes.tsv from the installed confusable-homoglyphs
data (after upgrading it: tests/test_discretion.py fails until the table is written again)."""

from generator.safety.discretion.skeleton import write_prototypes

if __name__ == "__main__":
    write_prototypes()
