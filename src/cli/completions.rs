//! The shells' completion scripts of the whole command line.

use super::*;

/// A shell completion script of the whole command line, for `shell`:
/// every visible subcommand and option, and the usual values of the
/// options that take one (`--race on`, `--holes 12`, a level, a game).
pub fn completions(shell: clap_complete::Shell) -> String {
    use clap::CommandFactory;
    let mut cmd = visible(&Cli::command());
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut cmd, BIN, &mut buf);
    let script = String::from_utf8_lossy(&buf).into_owned();
    match shell {
        clap_complete::Shell::Bash => bash_colons(&bash_labels(&script, BIN), BIN),
        clap_complete::Shell::Fish => script + &fish_positionals(&cmd, BIN),
        _ => script,
    }
}

/// clap_complete's fish script completes options only: the values of a
/// subcommand's positional argument (`learn GAME`) are added here, in the
/// script's own form.
fn fish_positionals(cmd: &clap::Command, bin: &str) -> String {
    let func = format!("__fish_{}_using_subcommand", bin.replace('-', "_"));
    let mut out = String::new();
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        for pos in sub.get_positionals() {
            let values: Vec<String> = pos
                .get_value_parser()
                .possible_values()
                .into_iter()
                .flatten()
                .filter(|v| !v.is_hide_set())
                .map(|v| v.get_name().to_string())
                .collect();
            if !values.is_empty() {
                out.push_str(&format!(
                    "complete -c {bin} -n \"{func} {}\" -f -a \"{}\"\n",
                    sub.get_name(),
                    values.join(" ")
                ));
            }
        }
    }
    out
}

/// The command without its hidden subcommands (`bench-render`):
/// clap_complete offers every subcommand it is given, hidden or not.
fn visible(cmd: &clap::Command) -> clap::Command {
    let mut out = clap::Command::new(BIN)
        .disable_version_flag(true)
        .args(cmd.get_arguments().cloned());
    if let Some(about) = cmd.get_about() {
        out = out.about(about.clone());
    }
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        out = out.subcommand(sub.clone());
    }
    out
}

/// clap_complete 4.6's bash script dispatches on labels made two ways: the
/// loop that reads the words escapes the program's name alone
/// (`masai__mancala__subcmd__enkeshui`), the `case` that picks a subcommand's
/// options escapes the whole path at once and turns the name's hyphen into
/// the subcommand separator (`masai__subcmd__mancala__subcmd__enkeshui`), so
/// no subcommand of a hyphenated program ever completed an option or a value
/// (clap-rs/clap#6421). The case labels are put back to the loop's spelling.
fn bash_labels(script: &str, bin: &str) -> String {
    if !bin.contains('-') {
        return script.to_string();
    }
    let wrong = format!("{}__subcmd__", bin.replace('-', "__subcmd__"));
    let right = format!("{}__subcmd__", bin.replace('-', "__"));
    script.replace(&wrong, &right)
}

/// Bash splits a word at a colon (`COMP_WORDBREAKS`): `--north ai:e` reaches
/// clap_complete's function as `ai`, `:`, `e`, which completes none of the
/// seats and inserted `ai:-` for `ai:` (issue 40). A wrapper joins the
/// pieces that no blank separates back into the word, completes that, and
/// offers each completion from after the word's last colon, which is what
/// bash replaces (bash-completion's `__ltrim_colon_completions`, without
/// needing that package).
fn bash_colons(script: &str, bin: &str) -> String {
    let func = format!("_{}", bin.replace('-', "__"));
    let wrapper = format!("{func}_colons");
    let mut out = script.replace(
        &format!("complete -F {func} "),
        &format!("complete -F {wrapper} "),
    );
    out.push_str(
        &BASH_COLONS
            .replace("FUNC", &func)
            .replace("WRAPPER", &wrapper),
    );
    out
}

const BASH_COLONS: &str = r#"
# The words up to the cursor as typed, joined again where bash split them at
# a colon (`ai:easy`), then completed as one word.
WRAPPER() {
    local line=${COMP_LINE:0:COMP_POINT} rest word i
    local -a words=()
    rest=$line
    for ((i = 0; i <= COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        local trimmed=${rest#"${rest%%[![:blank:]]*}"}
        if ((i > 0)) && [[ ${#trimmed} -eq ${#rest} ]]; then
            words[${#words[@]}-1]+=$word
        else
            words+=("$word")
        fi
        rest=${trimmed#"$word"}
    done
    local cur=${words[${#words[@]}-1]} prev=
    ((${#words[@]} > 1)) && prev=${words[${#words[@]}-2]}
    COMP_WORDS=("${words[@]}")
    COMP_CWORD=$((${#words[@]} - 1))
    FUNC "$1" "$cur" "$prev"
    if [[ $cur == *:* && $COMP_WORDBREAKS == *:* ]]; then
        local colon=${cur%"${cur##*:}"}
        for i in "${!COMPREPLY[@]}"; do
            COMPREPLY[i]=${COMPREPLY[i]#"$colon"}
        done
    fi
}
"#;
