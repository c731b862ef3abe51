//! `railhead play`: the REPL. In a terminal it is a line editor with
//! history and tab completion; from a pipe it reads one command per line,
//! so scripts can drive it (with `--json`, one JSON object per reply).
//! Everything the commands do lives in the library (`railhead::repl`).

use super::TitleArgs;
use railhead::limits::MAX_COMMAND_BYTES;
use railhead::game::save::SaveFile;
use railhead::game::{Game, Setup};
use railhead::repl::complete::{Completion, complete};
use railhead::repl::{Reply, Session, setup};
use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{CompletionType, Config, Context, Editor, Helper};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;
use std::sync::Arc;

#[derive(clap::Args, Debug, Default)]
pub struct PlayArgs {
    /// Title id (1849 if not given).
    pub title: Option<String>,
    /// Number of players (the title's default if not given).
    #[arg(long)]
    pub players: Option<usize>,
    /// Player names in seating order, comma-separated: --names ann,bo,cy.
    #[arg(long, value_delimiter = ',')]
    pub names: Vec<String>,
    /// Seed of the game's random choices (random if not given; the banner shows it).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Seat the players in an order drawn from the seed.
    #[arg(long)]
    pub shuffle_seats: bool,
    /// Continue a saved game.
    #[arg(long, value_name = "FILE")]
    pub load: Option<PathBuf>,
    /// With --load: replay only the first N actions of the file.
    #[arg(long, value_name = "N", requires = "load")]
    pub until: Option<usize>,
    /// Answer every command with one JSON object per line (for scripts).
    #[arg(long)]
    pub json: bool,
    /// Columns the views fit in (default: $COLUMNS, else the terminal's width, else 80).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(40..))]
    pub width: Option<u16>,
    /// Serve a live page of the game on 127.0.0.1 that redraws after every action.
    #[arg(long)]
    pub view: bool,
    /// With --view: the port (any free one if not given).
    #[arg(long, value_name = "PORT", requires = "view")]
    pub view_port: Option<u16>,
    #[command(flatten)]
    pub title_args: TitleArgs,
}

pub fn run(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    let game = match &args.load {
        Some(path) => load_game(path, args)?,
        None => new_game(args)?,
    };
    let mut session = Session::new(game);
    session.width = super::width::columns(args.width);
    let out = Output { json: args.json };
    if out.show(&session.banner()).is_err() {
        return Ok(ExitCode::SUCCESS);
    }
    if args.view {
        let port = args.view_port.unwrap_or(0);
        if out.show(&session.execute(&format!("view {port}"))).is_err() {
            return Ok(ExitCode::SUCCESS);
        }
    }
    if std::io::stdin().is_terminal() && !args.json {
        interactive(session, &out)
    } else {
        piped(session, &out)
    }
}

/// A saved game, with its title from `--title-dir` when one is given.
pub(super) fn load_game(path: &std::path::Path, args: &PlayArgs) -> anyhow::Result<Game> {
    let file = SaveFile::read(path).map_err(|e| anyhow::anyhow!("{e}"))?;
    if let Some(id) = &args.title
        && *id != file.title
    {
        anyhow::bail!("{} is a game of {}, not {id}", path.display(), file.title);
    }
    file.restore_with_title(&path.display().to_string(), args.until, args.title_args.title_dir.as_deref()).map_err(|e| anyhow::anyhow!("{e}"))
}

pub(super) fn new_game(args: &PlayArgs) -> anyhow::Result<Game> {
    let seed = args.seed.unwrap_or_else(clock_seed);
    let known = if args.names.is_empty() { args.players } else { Some(args.names.len()) };
    let title = super::load_title(args.title.as_deref(), &args.title_args, known)?;
    let players = setup::seating(&args.names, args.players, title.meta.default_players, seed, args.shuffle_seats).map_err(anyhow::Error::msg)?;
    let options: BTreeMap<String, bool> = railhead::game::save::parse_options(&args.title_args.options).map_err(anyhow::Error::msg)?;
    let setup = Setup { players, seed, options, values: BTreeMap::new() };
    Game::new(Arc::new(title), setup).map_err(|e| anyhow::anyhow!("the game cannot start: {e}"))
}

/// A seed for a game nobody asked to repeat (the banner prints it).
fn clock_seed() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64 % 1_000_000_000)
}

struct Output {
    json: bool,
}

impl Output {
    /// Prints a reply. An error means stdout is gone (the reader of a
    /// pipe stopped): the session ends quietly rather than panicking.
    fn show(&self, reply: &Reply) -> std::io::Result<()> {
        if reply.is_silent() {
            return Ok(());
        }
        let mut out = std::io::stdout().lock();
        if self.json {
            writeln!(out, "{}", reply.to_json_line())
        } else if !reply.text.is_empty() {
            writeln!(out, "{}", reply.text)
        } else {
            Ok(())
        }
    }
}

/// Commands from a pipe, one per line. In text mode each command is
/// echoed after its prompt, so a transcript reads like a session. A line
/// that is not UTF-8, or is too long to be a command, is reported and
/// skipped: the game goes on.
fn piped(mut session: Session, out: &Output) -> anyhow::Result<ExitCode> {
    let mut input = std::io::stdin().lock();
    let mut number = 0;
    while let Some(line) = next_line(&mut input)? {
        number += 1;
        let reply = match line {
            Ok(line) => {
                if !out.json && !line.trim().is_empty() && writeln!(std::io::stdout(), "{} > {}", session.prompt(), line.trim()).is_err() {
                    break;
                }
                session.execute(&line)
            }
            Err(problem) => Reply::error("input", format!("line {number} {problem}; ignored")),
        };
        if out.show(&reply).is_err() || reply.quit {
            break;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The next line of input without its line end, or what is wrong with
/// it; `None` at the end. Reads at most `MAX_COMMAND_BYTES` of a line
/// and passes over the rest.
fn next_line(input: &mut impl BufRead) -> std::io::Result<Option<Result<String, String>>> {
    let mut bytes = Vec::new();
    if std::io::Read::take(&mut *input, MAX_COMMAND_BYTES + 1).read_until(b'\n', &mut bytes)? == 0 {
        return Ok(None);
    }
    if bytes.len() as u64 > MAX_COMMAND_BYTES && bytes.last() != Some(&b'\n') {
        skip_line(input)?;
        return Ok(Some(Err(format!("is longer than the {MAX_COMMAND_BYTES} bytes a command may have"))));
    }
    while bytes.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
        bytes.pop();
    }
    Ok(Some(String::from_utf8(bytes).map_err(|_| NOT_UTF8.to_string())))
}

/// Passes over the rest of a line, a buffer at a time.
fn skip_line(input: &mut impl BufRead) -> std::io::Result<()> {
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(());
        }
        let (used, ended) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (buf.len(), false),
        };
        input.consume(used);
        if ended {
            return Ok(());
        }
    }
}

const NOT_UTF8: &str = "is not valid UTF-8";

fn interactive(session: Session, out: &Output) -> anyhow::Result<ExitCode> {
    let session = Rc::new(RefCell::new(session));
    // List completion, as in a shell: TAB completes the common prefix,
    // a second TAB lists the candidates.
    let config = Config::builder().completion_type(CompletionType::List).build();
    let mut editor: Editor<ReplHelper, DefaultHistory> = Editor::with_config(config)?;
    editor.set_helper(Some(ReplHelper { session: session.clone(), files: FilenameCompleter::new() }));
    let history = history_path();
    if let Some(path) = &history {
        // A missing or unreadable history is no reason not to play.
        let _ = editor.load_history(path);
    }
    let mut warned_unsaved = false;
    let mut number = 0;
    loop {
        let prompt = format!("{} > ", session.borrow().prompt());
        number += 1;
        match editor.readline(&prompt) {
            // rustyline stops at a byte that begins no UTF-8 character.
            Err(ReadlineError::Io(e)) if e.kind() == std::io::ErrorKind::InvalidData => {
                if out.show(&Reply::error("input", format!("line {number} {NOT_UTF8}; ignored"))).is_err() {
                    break;
                }
            }
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = editor.add_history_entry(line.trim());
                }
                let reply = session.borrow_mut().execute(&line);
                if reply.quit && !warned_unsaved && session.borrow().has_unsaved_changes() {
                    println!("the game is not saved: `save FILE` keeps it; `quit` again leaves.");
                    warned_unsaved = true;
                    continue;
                }
                if out.show(&reply).is_err() || reply.quit {
                    break;
                }
                warned_unsaved = false;
            }
            Err(ReadlineError::Interrupted) => println!("(Ctrl-C: `quit` or Ctrl-D leaves)"),
            Err(ReadlineError::Eof) => break,
            Err(e) => return Err(e.into()),
        }
    }
    if let Some(path) = &history {
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let _ = editor.save_history(path);
    }
    Ok(ExitCode::SUCCESS)
}

/// `railhead/history.txt` in the user's data directory, if there is one.
fn history_path() -> Option<PathBuf> {
    let env = |k: &str| std::env::var_os(k).map(PathBuf::from).filter(|p| p.is_absolute());
    let base = if cfg!(windows) {
        env("APPDATA")
    } else if cfg!(target_os = "macos") {
        env("HOME").map(|h| h.join("Library/Application Support"))
    } else {
        env("XDG_DATA_HOME").or_else(|| env("HOME").map(|h| h.join(".local/share")))
    }?;
    Some(base.join("railhead").join("history.txt"))
}

/// Connects the line editor to the session: completion asks the session
/// (which knows the legal moves); file names are completed from disk.
struct ReplHelper {
    session: Rc<RefCell<Session>>,
    files: FilenameCompleter,
}

impl Completer for ReplHelper {
    type Candidate = Pair;

    fn complete(&self, line: &str, pos: usize, ctx: &Context<'_>) -> rustyline::Result<(usize, Vec<Pair>)> {
        let Ok(mut session) = self.session.try_borrow_mut() else { return Ok((pos, Vec::new())) };
        match complete(&mut session, line, pos) {
            Completion::Words { start, candidates } => {
                Ok((start, candidates.into_iter().map(|w| Pair { display: w.clone(), replacement: format!("{w} ") }).collect()))
            }
            Completion::FileName => self.files.complete(line, pos, ctx),
        }
    }
}

impl Hinter for ReplHelper {
    type Hint = String;
}
impl Highlighter for ReplHelper {}
impl Validator for ReplHelper {}
impl Helper for ReplHelper {}
