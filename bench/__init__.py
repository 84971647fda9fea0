"""The benchmarks: speed, strength and the site's load, each a script run from the repository's
root, ``python -m bench.<script>`` (``bench/README.md`` says which measures what; ``make bench``
runs the quick ones). Not part of the package."""
