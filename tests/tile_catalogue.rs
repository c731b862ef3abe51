//! The tile catalogue (catalogue/tiles.toml) changes how a title's
//! tiles.toml is written, not what it means: every compiled tile of the
//! embedded titles equals the snapshot taken before the titles used the
//! catalogue (tests/fixtures/tiles/<id>.txt, one tile per line, the
//! compiled `Tile` as Rust prints it: colour, label, stops with revenues,
//! slots and tags, paths with gauges, upgrades, count, hidden, tags).
//!
//! To take a new snapshot after a deliberate change of a title's tiles:
//! `RAILHEAD_WRITE_TILE_SNAPSHOT=1 cargo test --release --test tile_catalogue`.

use railhead::title::load;

fn dump(id: &str) -> String {
    let title = load::embedded(id).unwrap_or_else(|e| panic!("{id}: {e}"));
    title.tiles.iter().map(|t| format!("{t:?}\n")).collect()
}

fn snapshot_path(id: &str) -> String {
    format!("{}/tests/fixtures/tiles/{id}.txt", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn compiled_tiles_equal_the_snapshot() {
    for id in ["1849", "1844"] {
        let now = dump(id);
        let path = snapshot_path(id);
        if std::env::var_os("RAILHEAD_WRITE_TILE_SNAPSHOT").is_some() {
            std::fs::create_dir_all(std::path::Path::new(&path).parent().unwrap()).unwrap();
            std::fs::write(&path, &now).unwrap();
            continue;
        }
        let before = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let (a, b): (Vec<&str>, Vec<&str>) = (before.lines().collect(), now.lines().collect());
        for (i, (x, y)) in a.iter().zip(&b).enumerate() {
            assert_eq!(x, y, "{id}: tile {} differs from the snapshot", i + 1);
        }
        assert_eq!(a.len(), b.len(), "{id}: {} tiles in the snapshot, {} now", a.len(), b.len());
    }
}
