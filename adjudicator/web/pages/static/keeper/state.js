// The page's one shared state: the game as the API last answered it, what this
// browser keeps for it, and the play being entered.

export const state = {
  game: null,
  rules: null, // the game's ruleset, from #rulesets
  alphabet: null, // its labels (board.js labelsOf)
  saved: {}, // kept in this browser: token, showPhonies, clock, penaltiesApplied
  tentative: new Map(), // "r,c" -> {row, col, letter, blank}
  order: [], // the keys of tentative tiles, in the order they were placed
  swaps: new Map(), // "r,c" -> {row, col, letter}
  cursor: null, // {row, col}, or null until the keeper taps a square
  across: true,
  blankNext: false,
  swapMode: false,
  previewOk: false, // the play being entered was scored, so it can be committed
  errorSquare: null, // {row, col} of an illegal placement
  analysis: null, // once the game is over: {version, loading | data | failed}
  shown: null, // a best play drawn on the board: {turn, tiles: "r,c" -> tile, later: Set of "r,c"}
};
