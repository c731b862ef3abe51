//! SVG to PNG without a browser or system tool: resvg, with the DejaVu
//! Sans font compiled into the binary (a fresh machine may have no fonts).

use std::sync::{Arc, OnceLock};

fn fonts() -> Arc<resvg::usvg::fontdb::Database> {
    static DB: OnceLock<Arc<resvg::usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = resvg::usvg::fontdb::Database::new();
        db.load_font_data(dejavu::sans::regular().to_vec());
        db.load_font_data(dejavu::sans::bold().to_vec());
        db.set_sans_serif_family(super::svg::FONT);
        Arc::new(db)
    })
    .clone()
}

/// Renders an SVG picture to PNG bytes at its own size.
pub fn png(svg: &str) -> Result<Vec<u8>, String> {
    let options = resvg::usvg::Options { fontdb: fonts(), font_family: super::svg::FONT.to_string(), ..Default::default() };
    let tree = resvg::usvg::Tree::from_str(svg, &options).map_err(|e| format!("the picture is not valid SVG: {e}"))?;
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).ok_or("the picture has no size")?;
    resvg::render(&tree, resvg::tiny_skia::Transform::identity(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| format!("PNG encoding failed: {e}"))
}
