// Added by `sudoku judge`, not part of your submission: reads one puzzle per
// line (and how many times to solve it, for timing), solves it with your
// Solution, writes the board back with the mean time.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;

public class Main {
    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        PrintStream out = System.out;
        String line;
        while ((line = in.readLine()) != null) {
            String[] parts = line.split(" ");
            String puzzle = parts[0];
            long repeats = parts.length > 1 ? Math.max(1, Long.parseLong(parts[1])) : 1;
            char[][] board = new char[9][9];
            long nanos = 0;
            for (long repeat = 0; repeat < repeats; repeat++) {
                board = new char[9][9];
                for (int k = 0; k < 81; k++) board[k / 9][k % 9] = k < puzzle.length() ? puzzle.charAt(k) : '.';
                Solution solution = new Solution();
                long started = System.nanoTime();
                solution.solveSudoku(board);
                nanos += System.nanoTime() - started;
            }
            nanos /= repeats;
            StringBuilder text = new StringBuilder();
            for (char[] row : board) text.append(row);
            out.print("\u001eANSWER " + text + " " + nanos + "\n");
            out.flush();
        }
    }
}
