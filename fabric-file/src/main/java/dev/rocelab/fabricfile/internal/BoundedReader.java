package dev.rocelab.fabricfile.internal;

import java.io.IOException;
import java.io.Reader;

/**
 * A reader that gives up, with {@link LimitExceeded}, as soon as its text passes a total length or
 * a line length. The YAML parser takes time quadratic in the length of a line, so a 50 MB line
 * would keep it busy for minutes: refusing the line while it is read keeps every file's parse
 * short.
 */
final class BoundedReader extends Reader {

  /** The text was too long; what was exceeded and where, for a located problem. */
  static final class LimitExceeded extends IOException {
    private static final long serialVersionUID = 1L;
    private final int line;

    LimitExceeded(int line, String message) {
      super(message);
      this.line = line;
    }

    /**
     * @return the 1-based line at which the limit was passed
     */
    int line() {
      return line;
    }
  }

  private final Reader in;
  private final long maxChars;
  private final int maxLine;
  private long chars;
  private int line = 1;
  private int column;

  BoundedReader(Reader in, long maxChars, int maxLine) {
    this.in = in;
    this.maxChars = maxChars;
    this.maxLine = maxLine;
  }

  @Override
  public int read(char[] buffer, int offset, int length) throws IOException {
    int read = in.read(buffer, offset, length);
    for (int i = offset; i < offset + Math.max(read, 0); i++) {
      if (buffer[i] == '\n') {
        line++;
        column = 0;
      } else if (++column > maxLine) {
        throw new LimitExceeded(
            line,
            "line "
                + line
                + " is longer than "
                + maxLine
                + " characters; a fabric file's lines may be at most that long (rocelab.limits.lineLength)");
      }
    }
    chars += Math.max(read, 0);
    if (chars > maxChars) {
      throw new LimitExceeded(
          line,
          "the text is longer than "
              + maxChars
              + " characters; a fabric file may be at most that long (rocelab.limits.fileBytes)");
    }
    return read;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
