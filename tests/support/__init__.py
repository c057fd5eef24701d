"""What the tests and the benchmarks share: the strict Discord the end-to-end tests run on
(``strict_discord``) and a busy server played on it (``busy_server``). A test module imports
helpers from here, never from another test module."""
