"""The safety checks: discretion, contrast, safety wording, reading level."""
