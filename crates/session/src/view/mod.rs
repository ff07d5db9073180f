//! What a person at the table sees: menus, shortcuts, the status panel and
//! the map, as data and as text.
