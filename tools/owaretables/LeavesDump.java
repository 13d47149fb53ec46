import java.io.BufferedReader;
import java.io.InputStreamReader;
import com.joansala.oware.OwareBoard;
import com.joansala.oware.OwareGame;
import com.joansala.oware.OwareLeaves;

/** Analysis harness (not part of Aalina): for each input line, an Aalina
 *  notation, prints "flag captures" of Aalina's endgame leaves. */
public class LeavesDump {
    public static void main(String[] args) throws Exception {
        OwareLeaves leaves = new OwareLeaves();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        OwareBoard root = new OwareBoard();
        String line;
        StringBuilder sb = new StringBuilder();
        while ((line = in.readLine()) != null) {
            OwareGame game = new OwareGame();
            game.setStart(root.toBoard(line.trim()));
            boolean ok = leaves.find(game);
            sb.append(leaves.getFlag()).append(' ').append(leaves.getCaptures()).append(' ').append(ok).append('\n');
        }
        System.out.print(sb);
    }
}
