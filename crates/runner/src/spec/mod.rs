//! Rule specs: the YAML model, the loader that reads and checks a directory of them, and the
//! errors it reports with file, line, column and the offending snippet.

pub(crate) mod check;
pub mod load;
pub(crate) mod locate;
pub(crate) mod model;

pub use load::{
    CaseFile, Folder, Loaded, LoadedSpec, SPEC_EXTENSIONS, Skipped, load_dir, load_file,
    load_matching, load_str,
};
