"""The suite runs offline, as ``verigrpo`` does by default: a hub id that is not cached fails at once instead of
waiting on the network (tests that check the online/offline rule set and clear the variable themselves)."""

import os

os.environ.setdefault("HF_HUB_OFFLINE", "1")
