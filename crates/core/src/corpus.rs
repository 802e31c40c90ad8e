//! The embedded puzzle corpus (placeholder while the generator is written).
