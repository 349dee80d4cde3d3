//! dxil (under construction)
