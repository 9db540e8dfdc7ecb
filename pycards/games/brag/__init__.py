"""The Brag games (seed ``004_7d6a6396833e304f.txt``, "BRAG"): single stake (:mod:`.single`),
three-stake (:mod:`.three_stake`) and American (:mod:`.american`), on the shared
:class:`~pycards.games.brag.table.BragTable`."""
