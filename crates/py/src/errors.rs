//! Errors for Python: ordinary exceptions carrying the messages the command line prints.

use pyo3::PyErr;
use pyo3::exceptions::{PyOSError, PyRuntimeError, PyValueError};
use stadt_core::error::Error;

/// A ValueError: bad input (an illegal action, an unknown bot, a bad parameter, a bad record).
pub fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// The exception for a harness error: OSError for files and folders the system refused,
/// RuntimeError for a failed outside agent or plot, ValueError for everything the input got wrong.
pub fn harness_error(e: Error) -> PyErr {
    match e {
        Error::Io { .. } => PyOSError::new_err(e.to_string()),
        Error::Agent { .. } | Error::Plot(_) => PyRuntimeError::new_err(e.to_string()),
        e => PyValueError::new_err(e.to_string()),
    }
}
