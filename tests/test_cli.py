import pytest

from tooldial.cli import build_parser, main


def test_help_lists_every_stage(capsys):
    """Every subcommand is listed with its one-line help, and its own --help works without heavy imports."""
    from tooldial.cli import COMMAND_MODULES, build_parser

    commands = build_parser()._subparsers._group_actions[0]  # noqa: SLF001 - argparse has no public walk
    names = [choice.dest for choice in commands._choices_actions]  # noqa: SLF001
    assert {"corpus", "graph", "generate", "validate", "quality", "build", "convert", "push", "eval",
            "train"} <= set(names)
    assert len(names) >= len(COMMAND_MODULES)
    with pytest.raises(SystemExit) as exc:
        main(["--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    for action in commands._choices_actions:  # noqa: SLF001
        assert action.help, action.dest
        assert f"{action.dest} " in out and action.help.split()[0] in out, action.dest
    for name in names:
        with pytest.raises(SystemExit) as exc:
            main([name, "--help"])
        assert exc.value.code == 0, name
        assert f"usage: tooldial {name}" in capsys.readouterr().out


def test_user_error_is_one_line_not_traceback(capsys, monkeypatch):
    from tooldial.errors import TooldialError

    def boom(args):
        raise TooldialError("expected a list, got str", file="tools/x.json", record="api_list[3]",
                            field="required_parameters")

    parser = build_parser()
    monkeypatch.setattr("tooldial.cli.build_parser", lambda: _with_command(parser, boom))
    assert main(["boom"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "tooldial: tools/x.json: api_list[3]: required_parameters: expected a list, got str"


def _with_command(parser, func):
    sub = next(a for a in parser._actions if a.dest == "command")
    p = sub.add_parser("boom")
    p.set_defaults(func=func)
    return parser


def test_help_shows_defaults_once_and_never_none(capsys):
    import pytest as _pytest

    from tooldial.cli import main

    with _pytest.raises(SystemExit):
        main(["eval", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--split SPLIT (default: test)" in text  # an option without help text
    assert "(default: both)" in text and "(default: None)" not in text and "(default: False)" not in text
    with _pytest.raises(SystemExit):
        main(["build", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert text.count("(default: 2000") == 1  # the help that states its default is not repeated
