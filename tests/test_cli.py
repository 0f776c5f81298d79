import pytest

from tooldial.cli import build_parser, main


def test_help_lists_every_stage(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert "COMMAND" in out


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
