"""`webgist install-host`: register the native host with the browsers found."""
