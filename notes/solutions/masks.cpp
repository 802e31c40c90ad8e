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
public:
    void solveSudoku(vector<vector<char>>& board) {
        rows.fill(0);
        columns.fill(0);
        boxes.fill(0);
        emptyCells.clear();
        for (int row = 0; row < 9; row++) {
            for (int column = 0; column < 9; column++) {
                int box = row / 3 * 3 + column / 3;
                if (board[row][column] == '.') {
                    emptyCells.push_back({row, column, box});
                } else {
                    unsigned bit = 1u << (board[row][column] - '1');
                    rows[row] |= bit;
                    columns[column] |= bit;
                    boxes[box] |= bit;
                }
            }
        }
        fill(board, 0);
    }

private:
    static constexpr unsigned allDigits = 0b111'111'111;

    struct Cell {
        int row, column, box;
    };

    // The digits each row, column and box holds. The boxes are numbered 0 to 8
    // in reading order, so (row, column) is in box row / 3 * 3 + column / 3.
    array<unsigned, 9> rows, columns, boxes;
    // The cells that were empty at the start; the search reorders them so that
    // the ones filled so far come first.
    vector<Cell> emptyCells;

    // The digits (as bits) that no cell of the cell's row, column or box holds.
    unsigned candidates(const Cell& cell) const {
        return allDigits & ~(rows[cell.row] | columns[cell.column] | boxes[cell.box]);
    }

    // Fills emptyCells[filled..], the cells still empty (the ones before are
    // filled). Returns true once none is left.
    bool fill(vector<vector<char>>& board, size_t filled) {
        if (filled == emptyCells.size()) {
            return true;
        }
        // The cell with the fewest candidates goes to the front of the cells
        // still empty, and is the one filled at this step.
        size_t best = filled;
        int fewest = 10;
        for (size_t i = filled; i < emptyCells.size(); i++) {
            int count = popcount(candidates(emptyCells[i]));
            if (count < fewest) {
                best = i;
                fewest = count;
                if (count <= 1) {
                    break;  // forced, or a dead end: no cell can beat it
                }
            }
        }
        swap(emptyCells[filled], emptyCells[best]);

        const Cell cell = emptyCells[filled];
        for (unsigned options = candidates(cell); options != 0; options &= options - 1) {
            unsigned bit = options & -options;  // the lowest digit left to try
            board[cell.row][cell.column] = static_cast<char>('1' + countr_zero(bit));
            rows[cell.row] |= bit;
            columns[cell.column] |= bit;
            boxes[cell.box] |= bit;
            if (fill(board, filled + 1)) {
                return true;
            }
            // The other cells cannot be filled with this digit here: take it
            // back and try the next.
            board[cell.row][cell.column] = '.';
            rows[cell.row] &= ~bit;
            columns[cell.column] &= ~bit;
            boxes[cell.box] &= ~bit;
        }
        return false;  // no candidate works: an earlier guess must change
    }
};
