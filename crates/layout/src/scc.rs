//! Import circles: sets of files that reach each other through what they
//! name (strongly connected components, Tarjan's algorithm).

use crate::graph::Graph;
use std::collections::BTreeSet;

/// Every circle of two files or more, each as its files' module paths
/// joined with `/` and sorted, largest circle first.
pub fn circles(graph: &Graph) -> Vec<Vec<String>> {
    let edges = graph.edges();
    let mut tarjan = Tarjan::new(edges.len());
    for v in 0..edges.len() {
        if tarjan.index[v].is_none() {
            tarjan.visit(v, &edges);
        }
    }
    let mut found: Vec<Vec<String>> = tarjan
        .components
        .into_iter()
        .filter(|c| c.len() > 1)
        .map(|c| {
            let mut names: Vec<String> = c.iter().map(|&f| graph.modules[f].join("/")).collect();
            names.sort();
            names
        })
        .collect();
    found.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    found
}

struct Tarjan {
    index: Vec<Option<usize>>,
    low: Vec<usize>,
    stack: Vec<usize>,
    on_stack: Vec<bool>,
    next: usize,
    components: Vec<Vec<usize>>,
}

impl Tarjan {
    fn new(n: usize) -> Tarjan {
        Tarjan {
            index: vec![None; n],
            low: vec![0; n],
            stack: Vec::new(),
            on_stack: vec![false; n],
            next: 0,
            components: Vec::new(),
        }
    }

    /// Recursive: a crate has at most a few hundred files.
    fn visit(&mut self, v: usize, edges: &[BTreeSet<usize>]) {
        self.index[v] = Some(self.next);
        self.low[v] = self.next;
        self.next += 1;
        self.stack.push(v);
        self.on_stack[v] = true;
        for &w in &edges[v] {
            match self.index[w] {
                None => {
                    self.visit(w, edges);
                    self.low[v] = self.low[v].min(self.low[w]);
                }
                Some(iw) if self.on_stack[w] => self.low[v] = self.low[v].min(iw),
                Some(_) => {}
            }
        }
        if Some(self.low[v]) == self.index[v] {
            let mut component = Vec::new();
            while let Some(w) = self.stack.pop() {
                self.on_stack[w] = false;
                component.push(w);
                if w == v {
                    break;
                }
            }
            self.components.push(component);
        }
    }
}
