
#line 1 "sudoku-judge-harness.cpp"
// Added by `sudoku judge`, not part of your submission: reads one puzzle per
// line (and how many times to solve it, for timing), solves it with your
// Solution, writes the board back with the mean time.
int main() {
    std::string line;
    while (std::getline(std::cin, line)) {
        long long repeats = 1;
        std::size_t space = line.find(' ');
        if (space != std::string::npos) repeats = std::max(1LL, std::atoll(line.c_str() + space + 1));
        std::vector<std::vector<char>> board;
        long long nanos = 0;
        for (long long repeat = 0; repeat < repeats; repeat++) {
            board.assign(9, std::vector<char>(9, '.'));
            for (int k = 0; k < 81 && k < (int) line.size(); k++) board[k / 9][k % 9] = line[k];
            Solution solution;
            auto started = std::chrono::steady_clock::now();
            solution.solveSudoku(board);
            nanos += std::chrono::duration_cast<std::chrono::nanoseconds>(
                std::chrono::steady_clock::now() - started).count();
        }
        nanos /= repeats;
        std::string text;
        for (const auto& row : board) text.append(row.begin(), row.end());
        std::cout << "\x1e" "ANSWER " << text << ' ' << nanos << std::endl;
    }
    return 0;
}
