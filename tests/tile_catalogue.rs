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

/// 1849 in memory with its tiles.toml edited.
fn with_tiles(edit: impl FnOnce(String) -> String) -> railhead::title::TitleSource {
    use railhead::title::source::MemoryTitle;
    fn walk(dir: &std::path::Path, rel: &str, files: &mut std::collections::BTreeMap<String, String>) {
        for e in std::fs::read_dir(dir).unwrap().map(Result::unwrap) {
            let name = e.file_name().to_string_lossy().to_string();
            let r = if rel.is_empty() { name } else { format!("{rel}/{name}") };
            if e.path().is_dir() {
                walk(&e.path(), &r, files);
            } else if let Ok(text) = std::fs::read_to_string(e.path()) {
                files.insert(r, text);
            }
        }
    }
    let mut files = std::collections::BTreeMap::new();
    walk(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("titles/1849"), "", &mut files);
    let tiles = files.remove("tiles.toml").unwrap();
    files.insert("tiles.toml".into(), edit(tiles));
    railhead::title::TitleSource::Memory(std::sync::Arc::new(MemoryTitle { name: "t".into(), files }))
}

fn load_error(edit: impl FnOnce(String) -> String) -> String {
    let source = with_tiles(edit);
    load::load(&source, &Default::default(), None).map(|_| ()).expect_err("a refused tiles.toml").to_string()
}

fn line_of(text: &str, needle: &str) -> usize {
    text.lines().position(|l| l.contains(needle)).unwrap() + 1
}

#[test]
fn a_name_neither_here_nor_in_the_catalogue_is_an_error_at_its_line() {
    let mut line = 0;
    let err = load_error(|t| {
        let t = t.replacen("name = \"78\"", "name = \"78x\"", 1);
        line = line_of(&t, "name = \"78x\"");
        t
    });
    assert!(err.contains(&format!("t/tiles.toml:{line}:")), "{err}");
    assert!(err.contains("tile \"78x\" is not in the tile catalogue") && err.contains("did you mean `78`?"), "{err}");
}

#[test]
fn a_catalogue_number_is_redefined_only_with_replaces_catalogue() {
    let own = "[[tile]]\nname = \"7\"\ncolor = \"yellow\"\ncount = 4\npaths = [\"1-0\"]\n";
    let strip = |t: String| {
        let start = t.find("[[tile]]\nname = \"7\"").unwrap();
        let end = start + t[start..].find("\n\n").unwrap();
        t[..start].to_string() + &t[end + 2..]
    };
    let err = load_error(|t| strip(t) + "\n" + own);
    assert!(err.contains("tile \"7\" is in the tile catalogue") && err.contains("replaces_catalogue = true"), "{err}");
    // With the flag the title's own tile is used, whole.
    let source = with_tiles(|t| strip(t) + "\n" + &own.replace("color", "replaces_catalogue = true\ncolor"));
    let title = load::load(&source, &Default::default(), None).unwrap();
    let seven = title.tile("7").unwrap();
    assert_eq!(format!("{:?}", seven.paths[0].a), "Edge(1)");
    assert_eq!(seven.upgrades, None);
    // A catalogue tile's track may not be changed in passing.
    let err = load_error(|t| t.replacen("name = \"7\"\n", "name = \"7\"\npaths = [\"0-2\"]\n", 1));
    assert!(err.contains("tiles.toml:") && err.contains("tile[0].paths") && err.contains("takes its paths from the tile catalogue"), "{err}");
    // And the flag on a number the catalogue lacks replaces nothing.
    let err = load_error(|t| t + "\n[[tile]]\nname = \"X1\"\nreplaces_catalogue = true\ncolor = \"yellow\"\ncount = 1\npaths = [\"0-3\"]\n");
    assert!(err.contains("replaces nothing"), "{err}");
}

#[test]
fn a_catalogue_tile_takes_the_titles_count_upgrades_hidden_and_tags() {
    let source = with_tiles(|t| t.replacen("name = \"7\"\ncount = 4\n", "name = \"7\"\ncount = 2\nhidden = true\ntags = [\"x\"]\n", 1));
    let title = load::load(&source, &Default::default(), None).unwrap();
    let seven = title.tile("7").unwrap();
    assert_eq!((seven.count, seven.hidden, seven.tags.clone()), (2, true, vec!["x".to_string()]));
    assert_eq!(seven.upgrades.as_ref().map(Vec::len), Some(7));
    assert_eq!(seven.color.name(), "yellow");
}
