package io.shardrouter.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Locale;

/**
 * Standard output under the console's {@code PrintStream}, which hides the {@link IOException} of a
 * failed write (it only sets a flag): remembers the first failure, so that the end of a run can
 * tell a closed pipe ({@code | head -1}, quiet) from a full disk or another failure (reported).
 * After the first failure every write and flush fails again with it, without trying the stream.
 */
final class WatchedOutput extends FilterOutputStream {
  private IOException failure; // null until a write or flush fails

  WatchedOutput(OutputStream out) {
    super(out);
  }

  /** The first write or flush that failed, or null. */
  IOException failure() {
    return failure;
  }

  /** True when {@code e} says the reader of a pipe has gone (Linux and macOS, Windows). */
  static boolean isClosedPipe(IOException e) {
    String m = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
    return m.contains("broken pipe")
        || m.contains("pipe is being closed")
        || m.contains("pipe has been ended");
  }

  @Override
  public void write(int b) throws IOException {
    check();
    try {
      out.write(b);
    } catch (IOException e) {
      throw failed(e);
    }
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    check();
    try {
      out.write(b, off, len);
    } catch (IOException e) {
      throw failed(e);
    }
  }

  @Override
  public void flush() throws IOException {
    check();
    try {
      out.flush();
    } catch (IOException e) {
      throw failed(e);
    }
  }

  private void check() throws IOException {
    if (failure != null) {
      throw failure;
    }
  }

  private IOException failed(IOException e) {
    failure = e;
    return e;
  }
}
