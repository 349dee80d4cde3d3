//! ir (under construction)
