"""The exchange games: Commerce (English and American), My Ship Sails, Thirty-one, Whiskey
Poker, each on the engine's :class:`~pycards.games.engine.exchange_table.ExchangeTable`."""
