"""`python -m webgist_host.native`: the name every installed launcher starts the host
by. The host itself lives in webgist_host.host.native."""
import sys

from .host.native import main

if __name__ == "__main__":
    sys.exit(main())
