"""`webgist install-host`: register the native host with the browsers found.

command.py   the command line: options, which action, exit status
targets.py   which browsers, and where each looks for the manifest (per OS, registry
             keys on Windows, Snap/Flatpak detection)
manifest.py  the host manifest, and who may call the host (ALLOWED_ORIGINS,
             ALLOWED_EXTENSIONS, which the native host imports from here)
launcher.py  the script the manifest names, which starts the host's Python
register.py  install and uninstall: writing the files, and the record of them
files.py     atomic writes with exact modes, folders, Windows registry keys
check.py     --check: ping the host through each registered manifest
"""
