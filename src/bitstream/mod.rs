//! bitstream (under construction)
