// LeetCode 37 with bitmasks, the most constrained cell first.
//
// Each row, column and box keeps a nine-bit mask of the digits it holds
// (bit d - 1 for digit d), so the digits a cell can still take are the bits
// set in none of its three masks, found with two ORs, a NOT and an AND.
// At every step the search fills the empty cell with the fewest such
// candidates and tries only those: a cell with one candidate costs no guess
// at all, and a cell with none shows at once that an earlier guess was
// wrong.
class Solution {
    private static final int ALL_DIGITS = 0b111_111_111;

    private char[][] board;
    // The digits each row, column and box holds. The boxes are numbered 0 to 8
    // in reading order, so (row, column) is in box row / 3 * 3 + column / 3.
    private int[] rows;
    private int[] columns;
    private int[] boxes;
    // The cells that were empty at the start, as row * 9 + column; the search
    // reorders them so that the ones filled so far come first.
    private int[] emptyCells;
    private int emptyCount;

    public void solveSudoku(char[][] board) {
        this.board = board;
        rows = new int[9];
        columns = new int[9];
        boxes = new int[9];
        emptyCells = new int[81];
        emptyCount = 0;
        for (int row = 0; row < 9; row++) {
            for (int column = 0; column < 9; column++) {
                if (board[row][column] == '.') {
                    emptyCells[emptyCount++] = row * 9 + column;
                } else {
                    int bit = 1 << (board[row][column] - '1');
                    rows[row] |= bit;
                    columns[column] |= bit;
                    boxes[row / 3 * 3 + column / 3] |= bit;
                }
            }
        }
        fill(0);
    }

    /** The digits (as bits) that no cell of the row, column or box of {@code cell} holds. */
    private int candidates(int cell) {
        int row = cell / 9;
        int column = cell % 9;
        return ALL_DIGITS & ~(rows[row] | columns[column] | boxes[row / 3 * 3 + column / 3]);
    }

    /**
     * Fills {@code emptyCells[filled..emptyCount)}, the cells still empty (the
     * ones before are filled). Returns true once none is left.
     */
    private boolean fill(int filled) {
        if (filled == emptyCount) {
            return true;
        }
        // The cell with the fewest candidates goes to the front of the cells
        // still empty, and is the one filled at this step.
        int best = filled;
        int fewest = 10;
        for (int i = filled; i < emptyCount; i++) {
            int count = Integer.bitCount(candidates(emptyCells[i]));
            if (count < fewest) {
                best = i;
                fewest = count;
                if (count <= 1) {
                    break; // forced, or a dead end: no cell can beat it
                }
            }
        }
        int cell = emptyCells[best];
        emptyCells[best] = emptyCells[filled];
        emptyCells[filled] = cell;

        int row = cell / 9;
        int column = cell % 9;
        int box = row / 3 * 3 + column / 3;
        for (int options = candidates(cell); options != 0; options &= options - 1) {
            int bit = options & -options; // the lowest digit left to try
            board[row][column] = (char) ('1' + Integer.numberOfTrailingZeros(bit));
            rows[row] |= bit;
            columns[column] |= bit;
            boxes[box] |= bit;
            if (fill(filled + 1)) {
                return true;
            }
            // The other cells cannot be filled with this digit here: take it
            // back and try the next.
            board[row][column] = '.';
            rows[row] &= ~bit;
            columns[column] &= ~bit;
            boxes[box] &= ~bit;
        }
        return false; // no candidate works: an earlier guess must change
    }
}
