//! Inputs that once crashed, hung or cost too much, replayed as found.

mod fuzz;
mod hostile;
mod review;
