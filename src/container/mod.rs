//! container (under construction)
