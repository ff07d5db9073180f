//! The files of one crate and which of them each names.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use syn::visit::Visit;

/// A module path inside the crate: `["resolve", "attack"]` for
/// `src/resolve/attack.rs`, empty for `lib.rs`.
pub type ModPath = Vec<String>;

/// Why a crate's sources could not be read.
#[derive(Debug, thiserror::Error)]
pub enum GraphError {
    /// A file or folder could not be read.
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    /// A file is not Rust that `syn` reads.
    #[error("{path}:{line}: {message}")]
    Parse {
        path: PathBuf,
        line: usize,
        message: String,
    },
}

/// The files of a crate's `src/`, each with the crate paths it names.
#[derive(Debug, Default)]
pub struct Graph {
    /// Each file's module path, sorted.
    pub modules: Vec<ModPath>,
    /// Each file's path on disk, in the same order.
    pub files: Vec<PathBuf>,
    /// The `crate::`, `super::` and `self::` paths each file names, as
    /// written (`use` trees expanded), outside `#[cfg(test)]` items.
    pub paths: Vec<Vec<Vec<String>>>,
    /// The names each file defines at its top level (a re-export is not a
    /// definition: a path through it leads to the file that defines the
    /// name, as the code depends on that file).
    defs: Vec<BTreeSet<String>>,
}

impl Graph {
    /// Reads every `.rs` file under `src`.
    pub fn of_crate(src: &Path) -> Result<Graph, GraphError> {
        let mut found = Vec::new();
        collect_files(src, &mut found)?;
        found.sort();
        let mut graph = Graph::default();
        for path in found {
            let text = std::fs::read_to_string(&path).map_err(|source| GraphError::Io {
                path: path.clone(),
                source,
            })?;
            let file = syn::parse_file(&text).map_err(|e| GraphError::Parse {
                path: path.clone(),
                line: e.span().start().line,
                message: e.to_string(),
            })?;
            let mut reader = Reader::default();
            reader.visit_file(&file);
            graph.modules.push(module_path(src, &path));
            graph.files.push(path);
            graph.paths.push(reader.paths);
            graph.defs.push(reader.defs);
        }
        Ok(graph)
    }

    /// The index of the file whose module is `module`.
    pub fn index(&self, module: &[String]) -> Option<usize> {
        self.modules.iter().position(|m| m == module)
    }

    /// The files each file names (never itself, never the crate root:
    /// `lib.rs` is the glue that names everything, and a path through its
    /// re-exports is counted at the file that defines the name).
    pub fn edges(&self) -> Vec<BTreeSet<usize>> {
        (0..self.modules.len())
            .map(|from| {
                self.paths[from]
                    .iter()
                    .filter_map(|path| self.target(from, path))
                    .filter(|&to| to != from && !self.modules[to].is_empty())
                    .collect()
            })
            .collect()
    }

    /// The file a path written in file `from` leads into: the longest
    /// module prefix that is a file, or, when the name after it is not
    /// defined there, the shallowest file under it that defines it.
    fn target(&self, from: usize, path: &[String]) -> Option<usize> {
        let (mut module, rest) = self.base(from, path)?;
        let mut i = 0;
        while i < rest.len() {
            let mut longer = module.clone();
            longer.push(rest[i].clone());
            if self.index(&longer).is_none() {
                break;
            }
            module = longer;
            i += 1;
        }
        let at = self.index(&module)?;
        let Some(name) = rest.get(i).filter(|n| *n != "*" && *n != "self") else {
            return Some(at);
        };
        if self.defs[at].contains(name) {
            return Some(at);
        }
        let under = (0..self.modules.len())
            .filter(|&m| {
                m != at && self.modules[m].starts_with(&module) && self.defs[m].contains(name)
            })
            .min_by_key(|&m| self.modules[m].len());
        Some(under.unwrap_or(at))
    }

    /// Where a path starts (`crate`, `super`s, `self`) and what follows.
    fn base<'p>(&self, from: usize, path: &'p [String]) -> Option<(ModPath, &'p [String])> {
        let here = &self.modules[from];
        match path.first()?.as_str() {
            "crate" => Some((Vec::new(), &path[1..])),
            "self" => Some((here.clone(), &path[1..])),
            "super" => {
                let supers = path.iter().take_while(|s| *s == "super").count();
                let keep = here.len().checked_sub(supers)?;
                Some((here[..keep].to_vec(), &path[supers..]))
            }
            _ => None,
        }
    }
}

fn collect_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), GraphError> {
    let io = |source| GraphError::Io {
        path: dir.to_path_buf(),
        source,
    };
    for entry in std::fs::read_dir(dir).map_err(io)? {
        let path = entry.map_err(io)?.path();
        if path.is_dir() {
            collect_files(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    Ok(())
}

fn module_path(src: &Path, file: &Path) -> ModPath {
    let rel = file.strip_prefix(src).unwrap_or(file).with_extension("");
    let mut parts: ModPath = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// Reads one file: the paths it names and the names it defines.
#[derive(Default)]
struct Reader {
    paths: Vec<Vec<String>>,
    defs: BTreeSet<String>,
    depth: usize,
}

impl Reader {
    fn define(&mut self, ident: &syn::Ident) {
        if self.depth == 0 {
            self.defs.insert(ident.to_string());
        }
    }

    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
        match tree {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                self.use_tree(prefix, &p.tree);
                prefix.pop();
            }
            syn::UseTree::Name(n) => self.used(prefix, n.ident.to_string()),
            syn::UseTree::Rename(r) => self.used(prefix, r.ident.to_string()),
            syn::UseTree::Glob(_) => self.used(prefix, "*".into()),
            syn::UseTree::Group(g) => {
                for tree in &g.items {
                    self.use_tree(prefix, tree);
                }
            }
        }
    }

    /// A name brought in by `use`: a path when it starts inside the crate.
    fn used(&mut self, prefix: &[String], last: String) {
        let mut path = prefix.to_vec();
        path.push(last);
        if is_local(&path) {
            self.paths.push(path);
        }
    }

    /// Paths inside a macro's tokens (`matches!(x, crate::a::B)`), which
    /// `syn` leaves unparsed: `crate`, `super` or `self` followed by
    /// `::`-joined names.
    fn macro_tokens(&mut self, tokens: proc_macro2::TokenStream) {
        let mut path: Vec<String> = Vec::new();
        let mut colons = 0;
        for tree in tokens {
            match tree {
                proc_macro2::TokenTree::Group(g) => {
                    self.end_path(&mut path);
                    self.macro_tokens(g.stream());
                }
                proc_macro2::TokenTree::Punct(p) if p.as_char() == ':' && !path.is_empty() => {
                    colons += 1;
                }
                proc_macro2::TokenTree::Ident(i) => {
                    let word = i.to_string();
                    let continues = !path.is_empty() && colons == 2;
                    if !continues {
                        self.end_path(&mut path);
                    }
                    if continues || matches!(word.as_str(), "crate" | "super" | "self") {
                        path.push(word);
                    }
                    colons = 0;
                }
                _ => {
                    self.end_path(&mut path);
                    colons = 0;
                }
            }
        }
        self.end_path(&mut path);
    }

    fn end_path(&mut self, path: &mut Vec<String>) {
        if is_local(path) {
            self.paths.push(std::mem::take(path));
        }
        path.clear();
    }
}

fn is_local(path: &[String]) -> bool {
    path.len() > 1 && matches!(path[0].as_str(), "crate" | "super" | "self")
}

/// Whether an item is compiled only for tests.
fn test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg")
            && a.parse_args::<syn::Meta>()
                .is_ok_and(|m| m.path().is_ident("test"))
    })
}

impl<'ast> Visit<'ast> for Reader {
    fn visit_item(&mut self, item: &'ast syn::Item) {
        let attrs: &[syn::Attribute] = match item {
            syn::Item::Const(i) => &i.attrs,
            syn::Item::Enum(i) => &i.attrs,
            syn::Item::Fn(i) => &i.attrs,
            syn::Item::Impl(i) => &i.attrs,
            syn::Item::Macro(i) => &i.attrs,
            syn::Item::Mod(i) => &i.attrs,
            syn::Item::Static(i) => &i.attrs,
            syn::Item::Struct(i) => &i.attrs,
            syn::Item::Trait(i) => &i.attrs,
            syn::Item::Type(i) => &i.attrs,
            syn::Item::Use(i) => &i.attrs,
            _ => &[],
        };
        if test_only(attrs) {
            return;
        }
        match item {
            syn::Item::Const(i) => self.define(&i.ident),
            syn::Item::Enum(i) => self.define(&i.ident),
            syn::Item::Fn(i) => self.define(&i.sig.ident),
            syn::Item::Mod(i) => self.define(&i.ident),
            syn::Item::Static(i) => self.define(&i.ident),
            syn::Item::Struct(i) => self.define(&i.ident),
            syn::Item::Trait(i) => self.define(&i.ident),
            syn::Item::Type(i) => self.define(&i.ident),
            syn::Item::Union(i) => self.define(&i.ident),
            syn::Item::Macro(i) => {
                if let Some(ident) = &i.ident {
                    self.define(ident);
                }
            }
            syn::Item::Use(u) => {
                self.use_tree(&mut Vec::new(), &u.tree);
                return;
            }
            _ => {}
        }
        self.depth += 1;
        syn::visit::visit_item(self, item);
        self.depth -= 1;
    }

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.macro_tokens(mac.tokens.clone());
        syn::visit::visit_macro(self, mac);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
        if is_local(&segments) {
            self.paths.push(segments);
        }
        syn::visit::visit_path(self, path);
    }
}
