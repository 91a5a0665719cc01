"""Cards by name: the card database and the Oracle-text reader that turns a card's text into abilities."""
