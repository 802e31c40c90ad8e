//! Nothing to build here: the comparison lives in `benches/`.
