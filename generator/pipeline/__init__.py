"""Stage 6, the pipeline: a kit's documents built. The kit loaded with the checks content
cannot make from below (fonts, profile, catalogues), the build that lays out, checks and
draws each document in each language, the kit's audience packs one after the other, and
the forked copies of this process that share a build's languages."""
