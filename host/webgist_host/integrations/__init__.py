"""webgist inside distributed data tools, as optional extras:
`dask.convert_bag` (pip install 'webgist[dask]') and `datatrove.WebgistExtractor`
(pip install 'webgist[datatrove]'). Each writes the rows `webgist batch` writes."""
