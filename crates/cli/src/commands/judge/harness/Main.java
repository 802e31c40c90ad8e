// Added by `sudoku judge`, not part of your submission: reads one puzzle per
// line (and how many times to solve it, for timing), solves it with your
// Solution, and sends the board back with the time it took on the judge's
// own channel (file descriptor 3), never on your stdout.
import java.io.BufferedReader;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;

public class Main {
    public static void main(String[] args) throws Exception {
        FileOutputStream answers = new FileOutputStream("/proc/self/fd/3");
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        answers.write("ready\n".getBytes(StandardCharsets.UTF_8));
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String line;
        while ((line = in.readLine()) != null) {
            String[] parts = line.split(" ");
            String puzzle = parts[0];
            long repeats = parts.length > 1 ? Math.max(1, Long.parseLong(parts[1])) : 1;
            char[][] board = new char[9][9];
            long cpu = threads.getCurrentThreadCpuTime();
            long wall = System.nanoTime();
            for (long repeat = 0; repeat < repeats; repeat++) {
                board = new char[9][9];
                for (int k = 0; k < 81; k++) board[k / 9][k % 9] = k < puzzle.length() ? puzzle.charAt(k) : '.';
                new Solution().solveSudoku(board);
            }
            cpu = (threads.getCurrentThreadCpuTime() - cpu) / repeats;
            wall = (System.nanoTime() - wall) / repeats;
            StringBuilder text = new StringBuilder();
            for (char[] row : board) text.append(row);
            byte[] data = text.toString().getBytes(StandardCharsets.UTF_8);
            answers.write((cpu + " " + wall + " " + data.length + "\n").getBytes(StandardCharsets.UTF_8));
            answers.write(data);
            answers.write('\n');
            answers.flush();
        }
    }
}
