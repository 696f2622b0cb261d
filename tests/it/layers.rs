//! The crate's layers, read from its source: every `src/**/*.rs` file in,
//! a failure naming the offending edges and the files that make them out.
//! The front ends are the binary's modules, not the library's (so the
//! compiler reports what none of them uses, and the library cannot reach
//! them); no front end imports another; the library's top-level modules
//! import one another one way, in the order `src/lib.rs` states.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The front ends, each with its modules: the command line (its
/// definitions `cli`, one command line to one answer `commands`, shell
/// completion and the manual page `complete`), the HTTP server (`serve`)
/// and the interactive search (`tui`). They turn what a person or a
/// program typed into calls of the library and may import any of it; each
/// answers through the library's session, never through another front end.
const FRONT_ENDS: &[(&str, &[&str])] = &[
    ("the command line", &["cli", "commands", "complete"]),
    ("the server", &["serve"]),
    ("the interactive search", &["tui"]),
];

/// Every module of a front end.
const APPLICATION: &[&str] = &["cli", "commands", "complete", "serve", "tui"];

/// Top-level module → module it references → files that reference it.
type Graph = BTreeMap<String, BTreeMap<String, BTreeSet<String>>>;

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`, as paths relative to `src`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path.strip_prefix(src()).unwrap().to_path_buf());
        }
    }
}

/// The modules `src/lib.rs` declares, each with the attributes just above
/// its declaration.
fn declared() -> BTreeMap<String, Vec<String>> {
    declared_in("lib.rs")
}

/// The modules a crate root (`lib.rs`, `main.rs`) declares, each with the
/// attributes just above its declaration.
fn declared_in(root: &str) -> BTreeMap<String, Vec<String>> {
    let lib = fs::read_to_string(src().join(root)).unwrap();
    let mut modules = BTreeMap::new();
    let mut attributes = Vec::new();
    for line in lib.lines().map(str::trim) {
        if line.starts_with("#[") {
            attributes.push(line.to_string());
            continue;
        }
        let declaration = line.strip_prefix("pub ").unwrap_or(line);
        if let Some(name) = declaration
            .strip_prefix("mod ")
            .and_then(|rest| rest.strip_suffix(';'))
        {
            modules.insert(name.trim().to_string(), std::mem::take(&mut attributes));
        } else if !line.starts_with("//") {
            attributes.clear();
        }
    }
    modules
}

fn identifier(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

/// The first names of a `{…}` group of paths (`{a::b, c, d::{e, f}}` →
/// a, c, d), from just after its opening brace.
fn group_heads(text: &str) -> Vec<&str> {
    let mut heads = Vec::new();
    let mut depth = 0;
    let mut at_start = true;
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => at_start = true,
            c if at_start && (c.is_alphanumeric() || c == '_') => {
                heads.push(identifier(&text[i..]));
                at_start = false;
            }
            c if at_start && !c.is_whitespace() => at_start = false,
            _ => {}
        }
    }
    heads
}

/// The top-level modules a file's text names through `crate::`. A path
/// that crosses between top-level modules is written from the crate root
/// (`super::` stays inside a module), and doc links count: they are
/// references too.
fn referenced(text: &str) -> BTreeSet<&str> {
    let mut found = BTreeSet::new();
    for (at, _) in text.match_indices("crate::") {
        let before = text[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &text[at + "crate::".len()..];
        match rest.strip_prefix('{') {
            Some(group) => found.extend(group_heads(group)),
            None => {
                found.insert(identifier(rest));
            }
        }
    }
    found
}

/// The top-level module a file (relative to `src`) is of.
fn top_module(file: &Path) -> String {
    let first = file.components().next().unwrap().as_os_str();
    first.to_string_lossy().trim_end_matches(".rs").to_string()
}

/// Which top-level module imports which, with the files that do.
fn graph(modules: &BTreeMap<String, Vec<String>>) -> Graph {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut graph = Graph::new();
    for file in files {
        let top = top_module(&file);
        // The crate root declares every module and the binary drives them:
        // neither is a layer.
        if top == "lib" || top == "main" {
            continue;
        }
        let text = fs::read_to_string(src().join(&file)).unwrap();
        for name in referenced(&text) {
            if name != top && modules.contains_key(name) {
                graph
                    .entry(top.clone())
                    .or_default()
                    .entry(name.to_string())
                    .or_default()
                    .insert(file.display().to_string());
            }
        }
    }
    graph
}

fn is_application(module: &str) -> bool {
    APPLICATION.contains(&module)
}

/// The library modules `from` reaches through library imports.
fn reach(graph: &Graph, from: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut stack = vec![from.to_string()];
    while let Some(module) = stack.pop() {
        for next in graph.get(&module).into_iter().flat_map(|m| m.keys()) {
            if !is_application(next) && seen.insert(next.clone()) {
                stack.push(next.clone());
            }
        }
    }
    seen
}

fn edge(from: &str, to: &str, files: &BTreeSet<String>) -> String {
    let files: Vec<&str> = files.iter().map(String::as_str).collect();
    format!("  {from} -> {to} ({})", files.join(", "))
}

#[test]
fn the_front_ends_are_the_binarys_modules_not_the_librarys() {
    let library = declared();
    let binary = declared_in("main.rs");
    for module in APPLICATION {
        assert!(
            binary.contains_key(*module),
            "src/main.rs declares no module `{module}`: a front end is the binary's"
        );
        assert!(
            !library.contains_key(*module),
            "src/lib.rs declares `{module}`: a front end in the library hides its dead code from the compiler"
        );
    }
    let unknown: Vec<&String> = binary
        .keys()
        .filter(|m| !APPLICATION.contains(&m.as_str()))
        .collect();
    assert!(
        unknown.is_empty(),
        "src/main.rs declares modules of no front end: {unknown:?}"
    );
}

/// The front end a binary module belongs to.
fn front_end(module: &str) -> Option<&'static str> {
    FRONT_ENDS
        .iter()
        .find(|(_, modules)| modules.contains(&module))
        .map(|(name, _)| *name)
}

#[test]
fn no_front_end_imports_another() {
    // A test may compare a front end with another; the code may not.
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut wrong = Vec::new();
    for file in files {
        let Some(from) = front_end(&top_module(&file)) else {
            continue;
        };
        if file.file_stem().is_some_and(|s| s == "tests") {
            continue;
        }
        let text = fs::read_to_string(src().join(&file)).unwrap();
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        for name in referenced(code) {
            if let Some(to) = front_end(name).filter(|to| *to != from) {
                wrong.push(format!(
                    "  {} ({from}) imports {name} ({to})",
                    file.display()
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "front ends import one another (answer through rulings::session instead):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_library_modules_import_one_another_without_a_cycle() {
    let modules = declared();
    let graph = graph(&modules);
    let mut cyclic = Vec::new();
    for (from, imports) in &graph {
        if is_application(from) {
            continue;
        }
        for (to, files) in imports {
            if !is_application(to) && reach(&graph, to).contains(from) {
                cyclic.push(edge(from, to, files));
            }
        }
    }
    assert!(
        cyclic.is_empty(),
        "these imports between top-level modules lie on a cycle:\n{}",
        cyclic.join("\n")
    );
}

/// Every module `from` reaches.
fn reach_all(graph: &Graph, from: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut stack = vec![from.to_string()];
    while let Some(module) = stack.pop() {
        for next in graph.get(&module).into_iter().flat_map(|m| m.keys()) {
            if seen.insert(next.clone()) {
                stack.push(next.clone());
            }
        }
    }
    seen
}

#[test]
fn the_binarys_modules_import_one_another_one_way() {
    // The command line's definitions below the commands and completion;
    // `main.rs`, which drives each, is no layer.
    let modules = declared_in("main.rs");
    let graph = graph(&modules);
    let mut cyclic = Vec::new();
    for (from, imports) in &graph {
        for (to, files) in imports {
            if reach_all(&graph, to).contains(from) {
                cyclic.push(edge(from, to, files));
            }
        }
    }
    assert!(
        cyclic.is_empty(),
        "these imports between the binary's modules lie on a cycle:\n{}",
        cyclic.join("\n")
    );
}

/// The sibling files a file of a module's folder names: `super::name`
/// (or `crate::module::name`), where `name` is another file of the folder.
fn siblings_named(text: &str, module: &str, siblings: &BTreeSet<String>) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let prefixes = ["super::".to_string(), format!("crate::{module}::")];
    for prefix in &prefixes {
        for (at, _) in text.match_indices(prefix.as_str()) {
            let before = text[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let rest = &text[at + prefix.len()..];
            let names = match rest.strip_prefix('{') {
                Some(group) => group_heads(group),
                None => vec![identifier(rest)],
            };
            found.extend(
                names
                    .into_iter()
                    .filter(|n| siblings.contains(*n))
                    .map(str::to_string),
            );
        }
    }
    found
}

#[test]
fn the_files_of_a_module_import_one_another_without_a_cycle() {
    // Inside a module's folder, a file's tests are left out: a test may
    // use whatever it checks against.
    let mut cyclic = Vec::new();
    for entry in fs::read_dir(src()).unwrap() {
        let folder = entry.unwrap().path();
        if !folder.is_dir() {
            continue;
        }
        let module = folder.file_name().unwrap().to_string_lossy().to_string();
        let files: BTreeSet<String> = fs::read_dir(&folder)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "rs"))
            .map(|p| p.file_stem().unwrap().to_string_lossy().to_string())
            .filter(|name| name != "mod" && name != "tests")
            .collect();
        let mut graph = Graph::new();
        for file in &files {
            let text = fs::read_to_string(folder.join(format!("{file}.rs"))).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap_or_default();
            for name in siblings_named(code, &module, &files) {
                if &name != file {
                    graph
                        .entry(file.clone())
                        .or_default()
                        .entry(name)
                        .or_default()
                        .insert(format!("{module}/{file}.rs"));
                }
            }
        }
        for (from, imports) in &graph {
            for (to, files) in imports {
                if reach_all(&graph, to).contains(from) {
                    cyclic.push(edge(
                        &format!("{module}::{from}"),
                        &format!("{module}::{to}"),
                        files,
                    ));
                }
            }
        }
    }
    assert!(
        cyclic.is_empty(),
        "these imports between the files of a module lie on a cycle:\n{}",
        cyclic.join("\n")
    );
}

#[test]
fn references_are_read_from_paths_and_groups() {
    let text = "use crate::model::Entry;\nuse crate::{safe::{a, b}, topic};\n/// [`crate::dates`]\nfn f() { pub(crate) x; my_crate::no; }";
    assert_eq!(
        referenced(text).into_iter().collect::<Vec<_>>(),
        ["dates", "model", "safe", "topic"]
    );
}

/// The longest a source file may grow: a newcomer reads a file whole.
const MOST_LINES: usize = 800;

#[test]
fn no_source_file_is_longer_than_a_newcomer_reads() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let long: Vec<String> = files
        .iter()
        .filter_map(|file| {
            let lines = fs::read_to_string(src().join(file))
                .unwrap()
                .lines()
                .count();
            (lines > MOST_LINES).then(|| format!("  src/{} ({lines} lines)", file.display()))
        })
        .collect();
    assert!(
        long.is_empty(),
        "source files over {MOST_LINES} lines (split them by what they do):\n{}",
        long.join("\n")
    );
}

/// The library's modules in the order `src/lib.rs` states them, each with
/// its rank: the modules of one group (between semicolons, or in one list
/// of leaves) share a rank.
fn stated_order() -> Vec<(String, usize)> {
    let lib = fs::read_to_string(src().join("lib.rs")).unwrap();
    let doc: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.strip_prefix("//!"))
        .skip_while(|l| !l.contains("Two layers."))
        .take_while(|l| !l.contains("The application drives the library"))
        .collect();
    let mut order = Vec::new();
    let mut rank = 0;
    for line in doc {
        if line.trim_start().starts_with("- ") {
            rank += 1;
        }
        let mut rest = line;
        while let Some(at) = rest.find(['[', ';']) {
            if rest[at..].starts_with(';') {
                rank += 1;
                rest = &rest[at + 1..];
                continue;
            }
            let after = &rest[at..];
            match after.strip_prefix("[`").and_then(|a| a.split_once("`]")) {
                Some((name, tail)) => {
                    order.push((name.to_string(), rank));
                    rest = tail;
                }
                None => rest = &after[1..],
            }
        }
    }
    order
}

#[test]
fn the_library_imports_run_one_way_in_the_order_lib_rs_states() {
    let modules = declared();
    let order = stated_order();
    let rank: BTreeMap<&str, usize> = order.iter().map(|(m, r)| (m.as_str(), *r)).collect();
    // Every library module is in the stated order, once.
    let library: BTreeSet<&str> = modules
        .keys()
        .map(String::as_str)
        .filter(|m| !is_application(m))
        .collect();
    let stated: BTreeSet<&str> = rank.keys().copied().collect();
    assert_eq!(
        library, stated,
        "src/lib.rs states an order of other modules than it declares"
    );
    // Each imports only modules stated before it, or beside it in its group.
    let graph = graph(&modules);
    let mut wrong = Vec::new();
    for (from, targets) in &graph {
        let Some(&own) = rank.get(from.as_str()) else {
            continue;
        };
        for (to, files) in targets {
            if rank.get(to.as_str()).is_some_and(|&r| r > own) {
                wrong.push(edge(from, to, files));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "library modules importing one stated after them in src/lib.rs:\n{}",
        wrong.join("\n")
    );
}
