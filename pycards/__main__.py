"""``python -m pycards`` runs the command-line tool."""

from pycards.cli import main

raise SystemExit(main())
