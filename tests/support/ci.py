""""Skip unless CI=true" for the Python tests (the twin of ci.h and ci.sh).
Under CI=true nothing may skip for want of privileges or tools
(tests/README.md): a skip is then a failure.

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
    from ci import skip, under_ci
"""
import os
import sys


def under_ci():
    """True when the environment has CI=true."""
    return os.environ.get("CI") == "true"


def skip(why):
    """Print why and exit 77 (SKIP_RETURN_CODE); under CI=true exit 1 instead."""
    print(f"SKIP: {why}")
    sys.exit(1 if under_ci() else 77)
