//! Integration tests of the session library.
