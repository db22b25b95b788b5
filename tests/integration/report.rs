//! The audit reports end to end: real cases run against `arbiter-bot` fault bots (a renju bot
//! that plays forbidden points, a bot that crashes) and the embedded rules, then written as
//! the four report files. `junit.xml` is parsed with an XML parser and checked against the
//! Jenkins xUnit `junit-10.xsd` rules (elements, attributes, counts) and against the table's
//! counts; the HTML is loaded in a real headless Chromium when one is installed (skipped,
//! saying so, when not): no console message, no request beyond the file, and a screenshot that
//! shows the failed renju case's board.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use arbiter_engine::{RulesEngine, embedded_engines};
use arbiter_external::{ExternalEngine, Manifest};
use arbiter_report::{Audit, EngineRun, FileRow, Run};
use arbiter_runner::{CaseResult, Counts, Coverage, PlanScope, RunOptions, Verdict};

const BOT: &str = env!("CARGO_BIN_EXE_arbiter-bot");

/// A fresh folder under the target folder's `tmp` (beside the bot's binary, so that one root
/// holds every path a report of it names).
fn scratch(name: &str) -> PathBuf {
    crate::fresh_dir(
        Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("arbiter-report-{name}-{}", std::process::id())),
    )
}

/// The run of a report written in a test: paths shown from the target folder, which holds
/// the scratch folders and the bot.
fn test_run(engines: &[&str]) -> Run {
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).parent().unwrap();
    Run {
        started: std::time::SystemTime::now(),
        duration: Duration::from_millis(1500),
        host: "test-host".to_owned(),
        version: "0.1.0".to_owned(),
        commit: Some("0123456789ab".to_owned()),
        engines: engines
            .iter()
            .map(|name| EngineRun {
                name: (*name).to_owned(),
                command: Some(vec![
                    BOT.to_owned(),
                    "--fault".to_owned(),
                    (*name).to_owned(),
                ]),
                manifest: Some(target.join(format!("{name}.yaml"))),
            })
            .collect(),
        root: target.to_path_buf(),
        repo_url: None,
    }
}

/// The manifest of arbiter-bot over Gomocup under renju, with extra bot arguments, given
/// `move_ms` a move and twice that for the first.
fn renju_bot_yaml(name: &str, extra: &[&str], move_ms: u64) -> String {
    let bot = [
        BOT,
        "--game",
        "gomoku",
        "--variant",
        "renju",
        "--protocol",
        "gomocup",
    ];
    let argv: Vec<String> = bot.iter().chain(extra).map(|a| format!("{a:?}")).collect();
    format!(
        "name: {name}\ngame: gomoku\nvariant: renju\ncommand: [{}]\nprotocol: gomocup\n\
         move-time-ms: {move_ms}\nfirst-move-time-ms: {}\nmemory-mb: 1024\ngomocup-rule: 4\n",
        argv.join(", "),
        2 * move_ms
    )
}

/// arbiter-bot over Gomocup under renju, with extra bot arguments.
fn renju_bot(dir: &Path, name: &str, extra: &[&str]) -> ExternalEngine {
    let yaml = renju_bot_yaml(name, extra, 2000);
    let manifest = Manifest::from_yaml(&dir.join(format!("{name}.yaml")), &yaml)
        .unwrap_or_else(|error| panic!("{error}"));
    ExternalEngine::new(manifest).with_log_dir(&dir.join("logs"))
}

/// Renju positions given as games (the Gomocup driver takes a game as its history), black to
/// move with a forbidden point in two of them, a finished game in the third: against the
/// forbidden-point bot two failed play checks, one not applicable, one pass.
const FOUL_PLAY: &str = r#"game: gomoku
variants: [renju]
source: RIF International Rules of Renju (1996, corrected 1998), renju.net/study/rifrules.php, section 3 (double-three, double-four, five)
cases:
  - id: double-three
    description: f8 g8 h8 and h6 h7 h8 would both be open threes
    position: {moves: f8 a1 g8 a3 h6 a5 h7 a7}
    expect:
      forbidden: {including: [{move: h8, reason: double-three}]}
  - id: double-four
    description: e8 f8 g8 h8 and h5 h6 h7 h8 would both be fours
    position: {moves: e8 a1 f8 a3 g8 a5 h5 a7 h6 a9 h7 a11}
    expect:
      forbidden: {including: [{move: h8, reason: double-four}]}
  - id: five-ends-the-game
    position: {moves: h8 a1 h9 a3 h10 a5 h11 a7 h12}
    expect:
      over: {winner: black}
  - id: opening
    position: {moves: h8 h9}
    expect:
      not-over: true
"#;

/// For the embedded rules: a case that holds (a rule-level pass) and one whose position
/// cannot be set up (a spec error: its second stone is played on the first).
const SOUND_AND_BROKEN: &str = r#"game: gomoku
variants: [renju]
source: RIF International Rules of Renju (1996, corrected 1998), renju.net/study/rifrules.php, section 2 (the moves alternate on empty points)
cases:
  - id: opening
    position: {moves: h8 h9}
    expect:
      not-over: true
  - id: a-stone-on-a-stone
    position: {moves: h8 h8}
    expect:
      not-over: true
"#;

/// The limits the cases of these tests run under, snapshots ignored.
const OPTIONS: RunOptions = RunOptions::limited(Some(1_000_000), 1_000_000);

/// The fixture spec file and the shipped spec files `names` (under `specs/gomoku/`), copied
/// into `dir`, run against `engine`; `keep` picks the planned cases by index.
fn run_specs(
    dir: &Path,
    names: &[&str],
    engine: Box<dyn RulesEngine>,
    keep: impl Fn(usize) -> bool,
) -> (Vec<FileRow>, Vec<CaseResult>) {
    let specs = dir.join("specs/gomoku");
    std::fs::create_dir_all(&specs).unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for name in names {
        if *name == "foul-play.yaml" {
            std::fs::write(specs.join(name), FOUL_PLAY).unwrap();
        } else if *name == "sound-and-broken.yaml" {
            std::fs::write(specs.join(name), SOUND_AND_BROKEN).unwrap();
        } else {
            std::fs::copy(root.join("specs/gomoku").join(name), specs.join(name)).unwrap();
        }
    }
    let loaded = arbiter_runner::load(Some(&dir.join("specs")), None, &embedded_engines());
    assert!(loaded.errors.is_empty(), "{:?}", loaded.errors);
    let engines = vec![engine];
    let planned = arbiter_runner::plan(&loaded.files, &engines, PlanScope::default());
    let results = planned
        .iter()
        .enumerate()
        .filter(|(k, _)| keep(*k))
        .map(|(_, planned)| planned.run(&loaded.files, engines[0].as_ref(), &OPTIONS))
        .collect();
    let rows = loaded
        .files
        .specs
        .iter()
        .map(|spec| FileRow {
            path: spec.path.clone(),
            game: spec.spec.game.clone(),
            kind: "spec",
            topic: spec.topic.clone(),
            source: spec.spec.source.clone(),
        })
        .collect();
    (rows, results)
}

/// A report's inputs: the forbidden-point bot on the fixture (failures: it plays fouls; a
/// finished game is not applicable) and on the shipped renju forbidden-point spec (boards,
/// not applicable over Gomocup), and a crashing bot on a few cases (engine faults).
struct Fixture {
    dir: PathBuf,
    files: Vec<FileRow>,
    results: Vec<CaseResult>,
    engines: Vec<String>,
    run: Run,
}

fn fixture(name: &str) -> Fixture {
    let dir = scratch(name);
    let forbidden = renju_bot(&dir, "fault-forbidden", &["--fault", "forbidden"]);
    let (mut files, mut results) = run_specs(
        &dir.join("a"),
        &["foul-play.yaml", "renju-forbidden.yaml"],
        Box::new(forbidden),
        |_| true,
    );
    let crash = renju_bot(&dir, "fault-crash", &["--fault", "crash"]);
    let (more_files, more) = run_specs(&dir.join("b"), &["lines.yaml"], Box::new(crash), |k| k < 3);
    files.extend(more_files);
    results.extend(more);
    Fixture {
        dir,
        files,
        results,
        engines: vec!["fault-forbidden".to_owned(), "fault-crash".to_owned()],
        run: test_run(&["fault-forbidden", "fault-crash"]),
    }
}

impl Fixture {
    fn audit(&self) -> Audit<'_> {
        Audit {
            run: &self.run,
            engines: &self.engines,
            files: &self.files,
            results: &self.results,
            load_errors: 0,
            orphans: &[],
            coverage: Coverage::of(&self.results),
            matches: &[],
        }
    }
}

#[test]
fn the_four_files_are_written_atomically_and_junit_follows_the_schema_and_the_table() {
    let fixture = fixture("files");
    let counts = Counts::of(&fixture.results);
    let reasons: BTreeSet<&str> = fixture
        .results
        .iter()
        .filter_map(|r| r.reason.as_deref())
        .collect();
    assert!(
        counts.failed > 0,
        "the forbidden-point bot must fail cases: {counts:?} {reasons:#?}"
    );
    assert!(
        counts.engine_faults > 0,
        "the crashing bot must fault: {counts:?}"
    );
    assert!(
        counts.not_applicable > 0,
        "finished games are not applicable: {counts:?}"
    );
    assert!(counts.play_checks > 0, "some play checks pass: {counts:?}");

    let out = fixture.dir.join("report");
    let audit = fixture.audit();
    assert_eq!(arbiter_report::write_dir(&out, &audit).unwrap(), None);
    for name in arbiter_report::FILES {
        assert!(out.join(name).is_file(), "{name}");
    }
    // A second report keeps the first as report.prev, and leaves no staging folder.
    let previous = arbiter_report::write_dir(&out, &audit).unwrap();
    assert_eq!(
        previous.as_deref(),
        Some(fixture.dir.join("report.prev").as_path())
    );
    assert!(fixture.dir.join("report.prev/junit.xml").is_file());
    let leftovers: Vec<String> = std::fs::read_dir(&fixture.dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with('.'))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");

    let junit = std::fs::read_to_string(out.join("junit.xml")).unwrap();
    check_junit(&junit, &audit);

    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("report.json")).unwrap()).unwrap();
    assert_eq!(
        json["cases"].as_array().unwrap().len(),
        fixture.results.len()
    );
    assert_eq!(json["coverage"]["cases"], fixture.results.len());
    assert_eq!(
        json["coverage"]["play_check"],
        Coverage::of(&fixture.results).play_check
    );

    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    let dom = html.matches("<section class=\"case ").count();
    assert_eq!(
        dom,
        counts.failed + counts.engine_faults + counts.spec_errors
    );
    assert!(
        html.matches("<details class=\"na\">").count() >= 1,
        "not-applicable cases are folded"
    );
    let _ = std::fs::remove_dir_all(&fixture.dir);
}

/// `junit.xml` read with an XML parser: the element and attribute rules of the Jenkins xUnit
/// plugin's `junit-10.xsd` (the schema Jenkins, GitLab and the GitHub reporters accept), the
/// counts each suite declares equal to its test cases, and the totals equal to the table's.
fn check_junit(xml: &str, audit: &Audit<'_>) {
    let document = roxmltree::Document::parse(xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
    let root = document.root_element();
    assert_eq!(root.tag_name().name(), "testsuites");
    allowed(root, &["name", "time", "tests", "failures", "errors"], &[]);
    let mut totals = [0usize; 4];
    let mut names = BTreeSet::new();
    for suite in elements(root) {
        assert_eq!(
            suite.tag_name().name(),
            "testsuite",
            "testsuites holds only testsuite"
        );
        allowed(
            suite,
            &[
                "name",
                "tests",
                "failures",
                "errors",
                "group",
                "time",
                "skipped",
                "timestamp",
                "hostname",
                "id",
                "package",
                "file",
                "log",
                "url",
            ],
            &["name", "tests", "failures", "errors"],
        );
        let mut counted = [0usize; 4];
        for child in elements(suite) {
            match child.tag_name().name() {
                "properties" => {
                    for property in elements(child) {
                        assert_eq!(property.tag_name().name(), "property");
                        allowed(property, &["name", "value"], &["name", "value"]);
                    }
                }
                "testcase" => {
                    allowed(child, &["name", "time", "classname", "group"], &["name"]);
                    assert!(
                        names.insert(child.attribute("name").unwrap().to_owned()),
                        "unique"
                    );
                    counted[0] += 1;
                    for result in elements(child) {
                        let kind = result.tag_name().name();
                        let slot = match kind {
                            "failure" => 1,
                            "error" => 2,
                            "skipped" => 3,
                            "system-out" | "system-err" => continue,
                            other => panic!("unexpected <{other}> in a testcase"),
                        };
                        allowed(result, &["type", "message"], &[]);
                        counted[slot] += 1;
                    }
                }
                "system-out" | "system-err" | "testsuite" => {}
                other => panic!("unexpected <{other}> in a testsuite"),
            }
        }
        let declared =
            ["tests", "failures", "errors", "skipped"].map(|key| number(suite, key).unwrap_or(0));
        assert_eq!(declared, counted, "{:?}", suite.attribute("name"));
        for (total, count) in totals.iter_mut().zip(counted) {
            *total += count;
        }
        let file = audit
            .files
            .iter()
            .find(|file| Some(audit.run.shown(&file.path).as_str()) == suite.attribute("file"))
            .expect("each suite names a file of the audit");
        let table = audit.counts_of(file);
        assert_eq!(
            counted,
            [
                table.total(),
                table.failed,
                table.engine_faults + table.spec_errors,
                table.not_applicable
            ]
        );
    }
    let table = Counts::of(audit.results);
    assert_eq!(
        totals,
        [
            table.total(),
            table.failed,
            table.engine_faults + table.spec_errors,
            table.not_applicable
        ],
        "junit counts equal the table's"
    );
    assert_eq!(
        ["tests", "failures", "errors"].map(|key| number(root, key).unwrap()),
        [totals[0], totals[1], totals[2]]
    );
}

fn elements<'a, 'i>(
    node: roxmltree::Node<'a, 'i>,
) -> impl Iterator<Item = roxmltree::Node<'a, 'i>> {
    node.children().filter(roxmltree::Node::is_element)
}

/// Every attribute of `node` is in `allowed`, every one of `required` is there.
fn allowed(node: roxmltree::Node<'_, '_>, allowed: &[&str], required: &[&str]) {
    for attribute in node.attributes() {
        assert!(
            allowed.contains(&attribute.name()),
            "<{}> has no attribute `{}` in junit-10.xsd",
            node.tag_name().name(),
            attribute.name()
        );
    }
    for name in required {
        assert!(
            node.has_attribute(*name),
            "<{}> needs `{name}`",
            node.tag_name().name()
        );
    }
}

fn number(node: roxmltree::Node<'_, '_>, key: &str) -> Option<usize> {
    node.attribute(key).map(|value| {
        value
            .parse()
            .unwrap_or_else(|_| panic!("`{key}` is not a count: {value}"))
    })
}

#[test]
fn github_annotations_point_at_each_failed_case() {
    let fixture = fixture("github");
    let audit = fixture.audit();
    let text = arbiter_report::github::render(&audit);
    let errors: Vec<&str> = text.lines().filter(|l| l.starts_with("::error ")).collect();
    let problems: Vec<&CaseResult> = fixture
        .results
        .iter()
        .filter(|r| matches!(r.verdict, Verdict::Fail | Verdict::EngineFault))
        .collect();
    assert_eq!(errors.len(), problems.len());
    for (line, result) in errors.iter().zip(problems) {
        let (properties, message) = line["::error ".len()..].split_once("::").unwrap();
        let properties: Vec<(&str, &str)> = properties
            .split(',')
            .map(|p| p.split_once('=').unwrap())
            .collect();
        let file = audit.run.shown(&result.origin.file).replace(':', "%3A");
        assert!(properties.contains(&("file", file.as_str())), "{line}");
        assert!(properties.contains(&("line", result.origin.line.to_string().as_str())));
        assert!(!message.contains('\n'));
    }
    assert!(text.lines().last().unwrap().starts_with("::notice "));
    let _ = std::fs::remove_dir_all(&fixture.dir);
}

/// Writes the report of `audit` into `out` and returns its `report.html`.
fn written_html(out: &Path, audit: &Audit<'_>) -> String {
    arbiter_report::write_dir(out, audit).unwrap();
    std::fs::read_to_string(out.join("report.html")).unwrap()
}

/// Chromium from the distribution, if installed (`ARBITER_CHROMIUM` names another); without
/// one, says on stderr that the test calling is skipped.
fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("ARBITER_CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    let found = std::env::split_paths(&path).find_map(|dir| {
        ["chromium", "chromium-browser", "google-chrome"]
            .iter()
            .map(|name| dir.join(name))
            .find(|candidate| candidate.is_file())
    });
    if found.is_none() {
        eprintln!(
            "skipped: no Chromium installed (apt-get install -y chromium, or set ARBITER_CHROMIUM)"
        );
    }
    found
}

/// What a headless Chromium saw loading `page`: console lines, the page's own requests
/// (from the net log: requests whose initiator is the page, not the browser's background
/// ones), and a screenshot.
struct Visit {
    console: Vec<String>,
    requests: Vec<String>,
    screenshot: Option<PathBuf>,
}

fn visit(browser: &Path, page: &Path, work: &Path, screenshot: bool) -> Visit {
    visit_at(browser, page, "", work, screenshot)
}

/// [`visit`] of `page` at the fragment `fragment` (`#only-failed`, or empty).
fn visit_at(browser: &Path, page: &Path, fragment: &str, work: &Path, screenshot: bool) -> Visit {
    let profile = work.join("profile");
    let _ = std::fs::remove_dir_all(&profile);
    let net_log = work.join("netlog.json");
    let stem = page.file_stem().unwrap().to_string_lossy();
    let shot = work.join(format!("{stem}.png"));
    let _ = std::fs::remove_file(&shot);
    let mut command = Command::new(browser);
    command.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--hide-scrollbars",
        "--enable-logging=stderr",
        "--v=0",
        "--window-size=1100,1300",
    ]);
    command.arg(format!("--user-data-dir={}", profile.display()));
    command.arg(format!("--log-net-log={}", net_log.display()));
    if screenshot {
        command.arg(format!("--screenshot={}", shot.display()));
    } else {
        command.arg("--dump-dom");
    }
    command.arg(format!("file://{}{fragment}", page.display()));
    let stderr = work.join("stderr.txt");
    command.stderr(std::fs::File::create(&stderr).unwrap());
    command.stdout(std::process::Stdio::null());
    let mut child = command.spawn().unwrap();
    // A generous deadline: a busy 2-core machine starts a browser slowly.
    let deadline = Instant::now() + Duration::from_secs(180);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "chromium failed: {status}");
            break;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("chromium did not finish loading {}", page.display());
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let console = std::fs::read_to_string(&stderr)
        .unwrap()
        .lines()
        .filter(|line| line.contains(":CONSOLE"))
        .map(str::to_owned)
        .collect();
    Visit {
        console,
        requests: page_requests(&net_log),
        screenshot: (screenshot && shot.is_file()).then_some(shot),
    }
}

/// The URLs of the requests a page started (initiator `null`, a file page's origin, or any
/// origin other than the browser's own "not an origin").
fn page_requests(net_log: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(net_log).unwrap_or_default();
    // Chromium may leave the log's closing brackets off when it exits at once.
    let log: serde_json::Value = serde_json::from_str(&text)
        .or_else(|_| serde_json::from_str(&format!("{}]}}", text.trim_end().trim_end_matches(','))))
        .unwrap_or_else(|e| panic!("net log: {e}"));
    let start = log["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"].as_u64();
    log["events"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|event| event["type"].as_u64() == start)
        .filter(|event| event["params"]["initiator"].as_str() != Some("not an origin"))
        .filter_map(|event| event["params"]["url"].as_str().map(str::to_owned))
        .collect()
}

#[test]
fn the_html_loads_in_a_headless_browser_without_errors_or_requests_and_shows_the_board() {
    let Some(browser) = chromium() else {
        return;
    };
    let dir = scratch("browser");
    // Only the forbidden-point bot's renju failures: the first failure on the page is one.
    let forbidden = renju_bot(&dir, "fault-forbidden", &["--fault", "forbidden"]);
    let (files, results) = run_specs(
        &dir.join("a"),
        &["foul-play.yaml"],
        Box::new(forbidden),
        |_| true,
    );
    let engines = vec!["fault-forbidden".to_owned()];
    let run = test_run(&["fault-forbidden"]);
    let audit = Audit {
        run: &run,
        engines: &engines,
        files: &files,
        results: &results,
        load_errors: 0,
        orphans: &[],
        coverage: Coverage::of(&results),
        matches: &[],
    };
    let first = results
        .iter()
        .find(|r| r.verdict == Verdict::Fail)
        .expect("a failed renju case");
    assert_eq!(first.origin.game, "gomoku");
    let out = dir.join("report");
    let html = written_html(&out, &audit);
    let page = out.join("report.html");

    // The checker can fail: a page that loads an image from the network is caught twice, by
    // the console (the page's policy refuses it) and, without the policy, by the net log.
    let bad = dir.join("bad.html");
    std::fs::write(
        &bad,
        html.replace(
            "</body>",
            "<img src=\"http://example.invalid/x.png\"></body>",
        ),
    )
    .unwrap();
    assert!(
        !visit(&browser, &bad, &dir, false).console.is_empty(),
        "a refused load is a console message"
    );
    let open = dir.join("open.html");
    let without_policy = |html: &str| {
        let start = html
            .find("<meta http-equiv=\"Content-Security-Policy\"")
            .unwrap();
        let end = start + html[start..].find('>').unwrap() + 1;
        format!("{}{}", &html[..start], &html[end..])
    };
    std::fs::write(
        &open,
        without_policy(&std::fs::read_to_string(&bad).unwrap()),
    )
    .unwrap();
    assert!(
        visit(&browser, &open, &dir, false)
            .requests
            .iter()
            .any(|url| url.contains("example.invalid")),
        "the net log sees a page's request"
    );

    // The report itself: no console message; without its policy it still requests nothing.
    let shot = quiet_screenshot(&browser, &page, "", &dir);
    std::fs::write(&open, without_policy(&html)).unwrap();
    let requests = visit(&browser, &open, &dir, false).requests;
    assert!(
        requests.iter().all(|url| url.starts_with("file:")),
        "requests: {requests:?}"
    );

    // The screenshot shows the renju board: its wood and its black stones.
    let wood = pixels(&shot, WOOD);
    let black = pixels(&shot, [0x11, 0x11, 0x11]);
    assert!(wood > 100_000, "the board's wood: {wood} pixels");
    assert!(black > 500, "black stones: {black} pixels");
    if let Some(target) = std::env::var_os("ARBITER_REPORT_SCREENSHOT") {
        std::fs::copy(&shot, target).unwrap();
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The wood of the gomoku boards (`#dcb35c`, gomoku's `svg.rs`) in the report's pictures.
const WOOD: [u8; 3] = [0xdc, 0xb3, 0x5c];

/// The screenshot of `page` at `fragment` (or empty), which loads without a console message.
fn quiet_screenshot(browser: &Path, page: &Path, fragment: &str, work: &Path) -> PathBuf {
    let seen = visit_at(browser, page, fragment, work, true);
    assert!(seen.console.is_empty(), "console: {:#?}", seen.console);
    seen.screenshot.expect("a screenshot")
}

/// How many pixels of the PNG `shot` are within 6 of the colour `wanted`.
fn pixels(shot: &Path, wanted: [u8; 3]) -> usize {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(shot).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    let channels = info.color_type.samples();
    pixels
        .chunks(channels)
        .filter(|px| px[..3].iter().zip(wanted).all(|(a, b)| a.abs_diff(b) <= 6))
        .count()
}

#[test]
fn the_pages_filters_work_in_a_headless_browser_without_script() {
    let Some(browser) = chromium() else {
        return;
    };
    let fixture = every_verdict("filters");
    let out = fixture.dir.join("report");
    let html = written_html(&out, &fixture.audit());
    let page = out.join("report.html");
    assert!(!html.contains("<script"), "no script");
    let wood = |fragment: &str| {
        pixels(
            &quiet_screenshot(&browser, &page, fragment, &fixture.dir),
            WOOD,
        )
    };
    // Following the index's link to the failures shows their renju boards at the top; the
    // link to the spec errors (cases without a board) hides every board before them.
    let failed = wood("#only-failed");
    assert!(failed > 20_000, "failed boards: {failed} pixels of wood");
    assert!(html.contains("href=\"#only-spec-error\""));
    assert_eq!(wood("#only-spec-error"), 0, "the failed boards are hidden");
    let _ = std::fs::remove_dir_all(&fixture.dir);
}

/// A manifest file for arbiter-bot over Gomocup under renju at a small node budget.
fn renju_bot_file(dir: &Path, name: &str, extra: &[&str]) -> PathBuf {
    let extra = [&["--nodes", "300"], extra].concat();
    let path = dir.join(format!("{name}.yaml"));
    std::fs::write(&path, renju_bot_yaml(name, &extra, 5000)).unwrap();
    path
}

#[test]
fn a_match_section_links_each_fault_game_to_its_record_and_found_case() {
    use arbiter_arena::request::MatchRequest;
    use arbiter_arena::run::Runner;

    let dir = scratch("match");
    let good = renju_bot_file(&dir, "good", &[]);
    let bad = renju_bot_file(&dir, "bad", &["--fault", "illegal"]);
    let request = MatchRequest {
        engines: [good.display().to_string(), bad.display().to_string()],
        games: 2,
        ..MatchRequest::default()
    };
    let out = dir.join("match");
    let runner = Runner::prepare(
        &out,
        Some(
            request
                .build(Path::new(env!("CARGO_MANIFEST_DIR")))
                .unwrap(),
        ),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    super::matches::run_through(&runner, 1);
    let summary = arbiter_report::MatchSummary::load(&out).unwrap();
    let faults = summary.faults();
    assert_eq!(
        faults.len(),
        2,
        "the illegal bot loses both games on its fault"
    );

    // The report of the found cases against the faulty bot, with the match.
    let loaded = arbiter_runner::load(Some(&out.join("found")), None, &embedded_engines());
    assert!(loaded.errors.is_empty());
    let manifest = Manifest::from_yaml(&bad, &std::fs::read_to_string(&bad).unwrap()).unwrap();
    let engines: Vec<Box<dyn RulesEngine>> = vec![Box::new(
        ExternalEngine::new(manifest).with_log_dir(&dir.join("logs")),
    )];
    let results: Vec<CaseResult> =
        arbiter_runner::plan(&loaded.files, &engines, PlanScope::default())
            .iter()
            .map(|planned| planned.run(&loaded.files, engines[0].as_ref(), &OPTIONS))
            .collect();
    assert!(
        results.iter().all(|r| r.verdict == Verdict::Fail),
        "the found cases catch it"
    );
    let names = vec!["bad".to_owned()];
    let matches = [summary];
    let run = test_run(&["bad"]);
    let audit = Audit {
        run: &run,
        engines: &names,
        files: &[],
        results: &results,
        load_errors: 0,
        orphans: &[],
        coverage: Coverage::of(&results),
        matches: &matches,
    };
    let report_dir = dir.join("report");
    let html = written_html(&report_dir, &audit);
    assert!(html.contains("Games lost on a fault (2)"));
    assert_eq!(html.matches("class=\"plot\"").count(), 1);
    // Every record and found-case link of the match section reaches an existing file.
    let section = &html[html.find("<h2>Match:").unwrap()..];
    let links: Vec<&str> = section
        .split("href=\"")
        .skip(1)
        .map(|rest| &rest[..rest.find('"').unwrap()])
        .collect();
    assert_eq!(
        links.len(),
        4,
        "a record and a found case per fault game: {links:?}"
    );
    for link in links {
        let path = report_dir.join(link.split('#').next().unwrap());
        assert!(path.is_file(), "{link} -> {}", path.display());
    }
    let md = std::fs::read_to_string(report_dir.join("report.md")).unwrap();
    assert!(md.contains("### Match:") && md.contains("2 game(s) lost on a fault"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_match_report_shows_each_engines_clock() {
    use arbiter_arena::request::MatchRequest;
    use arbiter_arena::run::Runner;

    let dir = scratch("match-clock");
    let a = renju_bot_file(&dir, "first", &[]);
    let b = renju_bot_file(&dir, "second", &[]);
    // A generous Gomocup clock: the limits are drawn and counted, never reached.
    let request = MatchRequest {
        engines: [a.display().to_string(), b.display().to_string()],
        games: 2,
        time_control: Some("match=600000,turn=60000".parse().unwrap()),
        phases: Some("opening=1-6,middle=7-20,end=21-".parse().unwrap()),
        ..MatchRequest::default()
    };
    let out = dir.join("match");
    let config = request
        .build(Path::new(env!("CARGO_MANIFEST_DIR")))
        .unwrap();
    let runner = Runner::prepare(&out, Some(config)).unwrap_or_else(|e| panic!("{e}"));
    let end = super::matches::run_through(&runner, 1);
    let clock = &end.result["clock"];
    assert_eq!(clock["time_control"], "match=600000,turn=60000");
    // Every engine move of the records is counted once, for the engine that played it.
    let records = runner.store().games().unwrap();
    let engine_moves: usize = records
        .values()
        .map(|game| game.moves.iter().filter(|m| !m.opening).count())
        .sum();
    let counted: u64 = ["a", "b"]
        .iter()
        .map(|role| clock["engines"][role]["all"]["moves"].as_u64().unwrap())
        .sum();
    assert_eq!(counted as usize, engine_moves);
    for role in ["a", "b"] {
        let engine = &clock["engines"][role];
        let phases: Vec<&str> = engine["phases"]
            .as_array()
            .unwrap()
            .iter()
            .map(|phase| phase["name"].as_str().unwrap())
            .collect();
        assert_eq!(phases, ["opening", "middle", "end"]);
        // The limit of each move: the turn's (the first answer with its start-up on top).
        for point in engine["by_ply"].as_array().unwrap() {
            let limit = point["limit_ms"].as_u64().unwrap();
            assert!((60_000..=70_000).contains(&limit), "{point}");
        }
        assert_eq!(engine["clock_left"]["games"], 2);
        assert!(engine["clock_left"]["least_ms"].as_u64().unwrap() <= 600_000);
    }
    let summary = arbiter_report::MatchSummary::load(&out).unwrap();
    let lines = summary.clock_lines();
    assert!(lines[0].starts_with("clock of first (A): "), "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("left at the end of its 2 games"))
    );
    let run = test_run(&[]);
    let audit = Audit {
        run: &run,
        engines: &[],
        files: &[],
        results: &[],
        load_errors: 0,
        orphans: &[],
        coverage: Coverage::of(&[]),
        matches: &[summary],
    };
    let report_dir = dir.join("report");
    let html = written_html(&report_dir, &audit);
    let section = &html[html
        .find("<h3 id=\"clock-match\">Clock</h3>")
        .expect("a clock section")..];
    assert_eq!(section.matches("class=\"plot clock\"").count(), 2);
    assert_eq!(section.matches("class=\"limit\"").count(), 2);
    assert!(section.contains("<code>match=600000,turn=60000</code>"));
    assert!(section.contains("<td>opening</td><td>plies 1-6</td>"));
    assert!(section.contains("<td>end</td><td>plies 21-</td>"));
    assert!(section.contains("Clock left at the end of its 2 games"));
    // Its links (the game with the least clock left, moves near the limit) reach records.
    for link in section.split("href=\"").skip(1) {
        let link = &link[..link.find('"').unwrap()];
        assert!(report_dir.join(link).is_file(), "{link}");
    }
    let md = std::fs::read_to_string(report_dir.join("report.md")).unwrap();
    assert!(md.contains("clock of second (B): "));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The fixture with every verdict: [`fixture`]'s failures, play checks, not-applicable cases
/// and engine faults, the embedded rules' rule-level pass and spec error, and a missed win.
/// The runner's missed-win verdict is tested on a scripted player in `crates/runner`; no
/// public engine here misses a five, so the missed win is the forbidden-point bot's passed
/// play check of the opening re-judged as one (the report's forms must count it apart).
fn every_verdict(name: &str) -> Fixture {
    let mut fixture = fixture(name);
    let gomoku = embedded_engines()
        .into_iter()
        .find(|engine| engine.game() == "gomoku")
        .unwrap();
    let (files, results) = run_specs(
        &fixture.dir.join("c"),
        &["sound-and-broken.yaml"],
        gomoku,
        |_| true,
    );
    fixture.files.extend(files);
    fixture.results.extend(results);
    let mut missed = fixture
        .results
        .iter()
        .find(|r| r.verdict == Verdict::Pass && r.level == Some(arbiter_runner::Level::Play))
        .expect("a passed play check")
        .clone();
    missed.name.push_str("-missed");
    missed.verdict = Verdict::MissedWin;
    missed.message = "it played a legal move which does not win at once".to_owned();
    fixture.results.push(missed);
    fixture.engines.push("gomoku".to_owned());
    fixture.run = test_run(&["fault-forbidden", "fault-crash"]);
    fixture
}

/// The cells of the table row that starts with `start` in `html`, as numbers.
fn html_row(html: &str, start: &str) -> Vec<usize> {
    let row = &html[html.find(start).unwrap_or_else(|| panic!("no row {start}"))..];
    let row = &row[..row.find("</tr>").unwrap()];
    row.split("<td class=\"n\">")
        .skip(1)
        .map(|cell| cell[..cell.find('<').unwrap()].parse().unwrap())
        .collect()
}

/// The `<th>` texts of the first table after `marker` in `html`.
fn html_headings(html: &str, marker: &str) -> Vec<String> {
    let table = &html[html.find(marker).unwrap()..];
    let header = &table[..table.find("</tr>").unwrap()];
    header
        .split("<th")
        .skip(1)
        .map(|cell| {
            let text = &cell[cell.find('>').unwrap() + 1..];
            text[..text.find("</th>").unwrap()].replace("&#39;", "'")
        })
        .collect()
}

#[test]
fn every_form_shows_the_same_columns_and_counts_and_names_a_broken_rule_as_such() {
    let fixture = every_verdict("agree");
    let counts = Counts::of(&fixture.results);
    for (column, figure) in Counts::COLUMNS.iter().zip(counts.figures()) {
        assert!(figure > 0, "the fixture has a case for `{}`", column.key);
    }
    let out = fixture.dir.join("report");
    let audit = fixture.audit();
    arbiter_report::write_dir(&out, &audit).unwrap();
    let read = |name: &str| std::fs::read_to_string(out.join(name)).unwrap();
    let headings: Vec<String> = Counts::COLUMNS
        .iter()
        .map(|c| c.heading.to_owned())
        .collect();
    let figures = counts.figures().to_vec();

    // HTML: the summary's and the topics' headings are the columns', in their order; the
    // total row and the sum of the topic rows are the counts.
    let html = read("report.html");
    assert_eq!(
        html_headings(&html, "<table class=\"summary\">")[1..=8],
        headings[..]
    );
    assert_eq!(html_row(&html, "<tr><td><b>total</b></td>"), figures);
    let topics = &html[html.find("<h2 id=\"topics\">").unwrap()..];
    assert_eq!(html_headings(topics, "<table>")[4..], headings[..]);
    let topics = &topics[..topics.find("</table>").unwrap()];
    let mut sums = vec![0; 8];
    for row in topics.split("<tr><td><a ").skip(1) {
        for (sum, cell) in sums.iter_mut().zip(html_row(row, "href")) {
            *sum += cell;
        }
    }
    assert_eq!(sums, figures, "the topic rows add up to the total");

    // Markdown: the same headings and the total row.
    let md = read("report.md");
    assert!(
        md.contains(&format!("| engine | {} |", headings.join(" | "))),
        "{md}"
    );
    let total: Vec<String> = figures.iter().map(ToString::to_string).collect();
    assert!(md.contains(&format!("| **total** | {} |", total.join(" | "))));

    // JSON: the columns, the totals and every file's counts under the columns' keys.
    let json: serde_json::Value = serde_json::from_str(&read("report.json")).unwrap();
    for (k, (column, figure)) in Counts::COLUMNS.iter().zip(&figures).enumerate() {
        assert_eq!(json["columns"][k]["key"], column.key);
        assert_eq!(json["columns"][k]["heading"], column.heading);
        assert_eq!(json["counts"][column.key], *figure, "{}", column.key);
        let files: u64 = json["files"]
            .as_array()
            .unwrap()
            .iter()
            .map(|file| file[column.key].as_u64().unwrap())
            .sum();
        assert_eq!(files as usize, *figure, "files' {}", column.key);
    }

    // JUnit and the GitHub notice.
    check_junit(&read("junit.xml"), &audit);
    let notice = arbiter_report::github::render(&audit);
    let notice = notice.lines().last().unwrap();
    for (heading, figure) in headings.iter().zip(&figures) {
        assert!(notice.contains(&format!("{figure} {heading}")), "{notice}");
    }
    let warnings = arbiter_report::github::render(&audit)
        .lines()
        .filter(|line| line.starts_with("::warning "))
        .count();
    assert_eq!(warnings, counts.missed_wins, "a missed win is a warning");

    // A rule broken in answering is a failure in words, never an "engine fault".
    let broken: Vec<&CaseResult> = fixture
        .results
        .iter()
        .filter(|r| r.verdict == Verdict::Fail && r.fault.is_some_and(|f| f.is_rule_break()))
        .collect();
    assert!(!broken.is_empty());
    let junit = read("junit.xml");
    for result in broken {
        assert!(
            !result.message.contains("engine fault"),
            "{}",
            result.message
        );
        assert!(
            result.message.contains("illegal move: "),
            "{}",
            result.message
        );
        let section = &html[html.find(&format!("<code>{}</code>", result.name)).unwrap()..];
        assert!(
            html[..html.find(&format!("<code>{}</code>", result.name)).unwrap()]
                .ends_with("<span class=\"verdict\">failed: illegal move</span>"),
            "{}",
            &section[..200]
        );
        let case = &junit[junit.find(&format!("name=\"{}\"", result.name)).unwrap()..];
        assert!(
            case[..case.find("</testcase>").unwrap()]
                .contains("<failure message=\"failed: illegal move: "),
            "{case}"
        );
    }
    assert!(md.contains("<b>failed: illegal move</b>"), "{md}");
    // Missed wins have their own section in the page and in the Markdown, boards included.
    assert_eq!(
        html.matches("<section class=\"case missed-win").count(),
        counts.missed_wins
    );
    assert!(md.contains(&format!("### {} missed win(s)", counts.missed_wins)));
    let _ = std::fs::remove_dir_all(&fixture.dir);
}

#[test]
fn a_failed_board_marks_the_engines_move() {
    let fixture = fixture("marks");
    let failed: Vec<&CaseResult> = fixture
        .results
        .iter()
        .filter(|r| r.verdict == Verdict::Fail)
        .collect();
    assert!(!failed.is_empty());
    let out = fixture.dir.join("report");
    let html = written_html(&out, &fixture.audit());
    for result in failed {
        let actual: Vec<&str> = result
            .findings
            .iter()
            .flat_map(|f| &f.marks)
            .filter(|mark| mark.role == arbiter_engine::MarkRole::Actual)
            .map(|mark| mark.mv.as_str())
            .collect();
        assert_eq!(actual.len(), 1, "{}: {:?}", result.name, result.findings);
        assert!(
            result
                .engine_said
                .as_deref()
                .unwrap_or("")
                .contains(actual[0]),
            "the marked move is the one the engine played: {actual:?} {:?}",
            result.engine_said
        );
        // The case's board in the page draws it: the answer's colour and its legend line.
        let start = html.find(&format!("<code>{}</code>", result.name)).unwrap();
        let section = &html[start..];
        let picture = &section[section.find("<div class=\"picture\">").unwrap()..];
        let svg = &picture[..picture.find("</svg>").unwrap()];
        assert!(svg.contains("<circle class=\"mark actual\""), "{svg}");
        assert!(svg.contains("engine&#39;s answer") || svg.contains("engine's answer"));
    }
    let _ = std::fs::remove_dir_all(&fixture.dir);
}

#[test]
fn the_report_names_no_folder_of_the_machine_and_has_its_header() {
    let mut fixture = every_verdict("paths");
    let out = fixture.dir.join("report");
    arbiter_report::write_dir(&out, &fixture.audit()).unwrap();
    let machine = [
        Path::new(env!("CARGO_TARGET_TMPDIR"))
            .parent()
            .unwrap()
            .to_path_buf(),
        std::env::current_dir().unwrap(),
        std::env::temp_dir(),
        PathBuf::from(std::env::var_os("HOME").unwrap_or_default()),
    ];
    let files: Vec<String> = arbiter_report::FILES
        .iter()
        .map(|name| std::fs::read_to_string(out.join(name)).unwrap())
        .collect();
    for (name, text) in arbiter_report::FILES.iter().zip(&files) {
        for folder in &machine {
            let folder = folder.display().to_string();
            if folder.len() > 1 {
                assert!(!text.contains(&folder), "{name} names {folder}");
            }
        }
    }
    // The checker can fail: the messages hold the machine's paths before they are shown.
    let target = machine[0].display().to_string();
    assert!(fixture.results.iter().any(|r| r.message.contains(&target)));

    // The header: date, duration, host, version and commit, the engines' commands.
    let [html, _, junit, json] = &files[..] else {
        unreachable!()
    };
    let started = fixture.run.started_utc();
    assert!(html.contains(&format!("date: <b>{started}</b>")), "{html}");
    assert!(html.contains("duration: <b>1.5 s</b>"));
    assert!(html.contains("host: <b>test-host</b>"));
    assert!(html.contains("arbiter: <b>0.1.0 (0123456789ab)</b>"));
    assert!(
        html.contains("fault-forbidden: `debug/arbiter-bot --fault fault-forbidden`, manifest fault-forbidden.yaml"),
        "{html}"
    );
    let json: serde_json::Value = serde_json::from_str(json).unwrap();
    assert_eq!(json["run"]["started"], started.as_str());
    assert_eq!(json["run"]["host"], "test-host");
    // JUnit: the run's time and start, each case's time.
    let document = roxmltree::Document::parse(junit).unwrap();
    let root = document.root_element();
    assert_eq!(root.attribute("time"), Some("1.500"));
    for suite in elements(root) {
        assert_eq!(
            suite.attribute("timestamp"),
            Some(started.trim_end_matches('Z'))
        );
        let cases: f64 = elements(suite)
            .filter(|e| e.tag_name().name() == "testcase")
            .map(|case| case.attribute("time").unwrap().parse::<f64>().unwrap())
            .sum();
        let declared: f64 = suite.attribute("time").unwrap().parse().unwrap();
        assert!(
            (cases - declared).abs() < 0.001 * 50.0,
            "{cases} {declared}"
        );
    }

    // With a repository URL, spec links go into it.
    fixture.run.repo_url = Some("https://example.org/o/r/blob/abc/".to_owned());
    let html = written_html(&out, &fixture.audit());
    let dir = fixture.dir.file_name().unwrap().to_string_lossy();
    assert!(
        html.contains(&format!(
            "href=\"https://example.org/o/r/blob/abc/tmp/{dir}/a/specs/gomoku/foul-play.yaml#L"
        )),
        "{html}"
    );
    let _ = std::fs::remove_dir_all(&fixture.dir);
}
