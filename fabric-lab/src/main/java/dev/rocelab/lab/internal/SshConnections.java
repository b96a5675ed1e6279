package dev.rocelab.lab.internal;

import com.jcraft.jsch.AgentIdentityRepository;
import com.jcraft.jsch.AgentProxyException;
import com.jcraft.jsch.ChannelExec;
import com.jcraft.jsch.JSch;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.Session;
import dev.rocelab.api.report.Secrets;
import dev.rocelab.lab.LabException;
import dev.rocelab.lab.LabSsh;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One SSH session per lab device, opened on first use and kept until {@link #close()}. Every
 * failure becomes a {@link LabException} naming the device, the target and the command — never the
 * key, its passphrase or the agent.
 */
final class SshConnections implements AutoCloseable {

  private static final int CONNECT_TIMEOUT_MS = 10_000;

  private final Map<String, LabSsh> targets;
  private final Map<String, Session> sessions = new LinkedHashMap<>();

  SshConnections(Map<String, LabSsh> targets) {
    this.targets = Map.copyOf(targets);
  }

  /** Logs in to a device now, so that a wrong key or host key is reported before any traffic. */
  synchronized void connect(String device) {
    session(device, "(login)");
  }

  /**
   * Starts a command; its output is collected until it ends.
   *
   * @param device the inventory device
   * @param command the shell command
   * @param shown the command as messages show it (the template, where the command holds a secret)
   * @return the running command
   */
  RemoteCommand start(String device, String command, String shown) {
    Session session = session(device, shown);
    try {
      ChannelExec channel = (ChannelExec) session.openChannel("exec");
      channel.setCommand(command);
      channel.setInputStream(null);
      InputStream stdout = channel.getInputStream();
      InputStream stderr = channel.getErrStream();
      channel.connect(CONNECT_TIMEOUT_MS);
      return new RemoteCommand(
          device, targets.get(device).target(), shown, channel, stdout, stderr);
    } catch (JSchException | IOException e) {
      throw new LabException(
          "could not start a command over SSH to "
              + targets.get(device).target()
              + ": "
              + e.getMessage(),
          device,
          shown,
          e);
    }
  }

  /**
   * Runs a command to its end.
   *
   * @param device the inventory device
   * @param command the shell command
   * @param shown the command as messages show it
   * @param timeout how long it may take
   * @return its result, whatever the exit status
   */
  CommandResult run(String device, String command, String shown, Duration timeout) {
    return start(device, command, shown).await(timeout);
  }

  private synchronized Session session(String device, String command) {
    LabSsh target = targets.get(device);
    if (target == null) {
      throw new LabException(
          "the lab inventory has no SSH login for "
              + device
              + " (known: "
              + String.join(", ", targets.keySet())
              + ")",
          device,
          command,
          null);
    }
    Session open = sessions.get(device);
    if (open != null && open.isConnected()) {
      return open;
    }
    try {
      Session session =
          jsch(target, device, command).getSession(target.user(), target.address(), target.port());
      session.setConfig("StrictHostKeyChecking", target.strictHostKeyChecking() ? "yes" : "no");
      session.setServerAliveInterval(5_000);
      session.setServerAliveCountMax(3);
      session.connect(CONNECT_TIMEOUT_MS);
      sessions.put(device, session);
      return session;
    } catch (JSchException e) {
      throw new LabException(SshFailure.describe(e, target), device, command, e);
    }
  }

  private static JSch jsch(LabSsh target, String device, String command) throws JSchException {
    JSch jsch = new JSch();
    Path knownHosts = Paths.expand(target.knownHosts().orElse("~/.ssh/known_hosts"));
    if (Files.isReadable(knownHosts)) {
      jsch.setKnownHosts(knownHosts.toString());
    } else if (target.strictHostKeyChecking()) {
      throw new LabException(
          "cannot verify the host key of "
              + target.target()
              + ": known_hosts file "
              + knownHosts
              + " is not readable (add the host's key to it, or set strictHostKeyChecking: false"
              + " explicitly)",
          device,
          command,
          null);
    }
    if (target.identityFile().isPresent()) {
      Path key = Paths.expand(target.identityFile().get());
      if (!Files.isReadable(key)) {
        throw new LabException(
            "the identity file given for " + target.target() + " is not readable",
            device,
            command,
            null);
      }
      String secret = target.passphraseEnv().map(System::getenv).orElse(null);
      Secrets.register(secret); // an error that quotes it shows it masked
      byte[] passphrase = secret == null ? null : secret.getBytes(StandardCharsets.UTF_8);
      jsch.addIdentity(key.toString(), passphrase);
    } else {
      try {
        jsch.setIdentityRepository(
            new AgentIdentityRepository(new com.jcraft.jsch.SSHAgentConnector()));
      } catch (AgentProxyException e) {
        throw new LabException(
            "no identityFile is given for "
                + target.target()
                + " and no SSH agent answers (is SSH_AUTH_SOCK set?)",
            device,
            command,
            e);
      }
    }
    return jsch;
  }

  @Override
  public synchronized void close() {
    sessions.values().forEach(Session::disconnect);
    sessions.clear();
  }

  /** A command running over SSH. */
  static final class RemoteCommand {

    private final String device;
    private final String target;
    private final String command;
    private final ChannelExec channel;
    private final Drain stdout;
    private final Drain stderr;

    private RemoteCommand(
        String device,
        String target,
        String command,
        ChannelExec channel,
        InputStream out,
        InputStream err) {
      this.device = device;
      this.target = target;
      this.command = command;
      this.channel = channel;
      this.stdout = new Drain(out, device + " stdout");
      this.stderr = new Drain(err, device + " stderr");
    }

    /**
     * Waits for the command to end.
     *
     * @param timeout how long it may take
     * @return its result
     * @throws LabException if it does not end in time or the connection is lost
     */
    CommandResult await(Duration timeout) {
      try {
        if (!stdout.await(timeout) || !stderr.await(Duration.ofSeconds(5))) {
          channel.disconnect();
          throw new LabException(
              "timed out after " + timeout.toSeconds() + " s on " + target, device, command, null);
        }
      } catch (InterruptedException e) {
        channel.disconnect();
        Thread.currentThread().interrupt();
        throw new LabException("interrupted while waiting on " + target, device, command, e);
      }
      // the exit status arrives just after the streams close
      for (int i = 0; i < 100 && !channel.isClosed(); i++) {
        sleepBriefly();
      }
      int status = channel.getExitStatus();
      channel.disconnect();
      if (status < 0) {
        throw new LabException(
            "lost the SSH connection to " + target + " while the command ran",
            device,
            command,
            null);
      }
      return new CommandResult(status, stdout.text(), stderr.text());
    }

    /**
     * @return the command's result if it has already ended, else empty
     */
    java.util.Optional<CommandResult> ended() {
      if (!channel.isClosed()) {
        return java.util.Optional.empty();
      }
      try {
        stdout.await(Duration.ofSeconds(1));
        stderr.await(Duration.ofSeconds(1));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return java.util.Optional.of(
          new CommandResult(channel.getExitStatus(), stdout.text(), stderr.text()));
    }

    /** Stops waiting for the command and closes its channel (the remote side sees a hang-up). */
    void cancel() {
      channel.disconnect();
    }

    private static void sleepBriefly() {
      try {
        TimeUnit.MILLISECONDS.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * Reads a stream to its end on its own thread, so a chatty command never blocks on a full window.
   */
  private static final class Drain {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final Thread thread;

    Drain(InputStream in, String name) {
      thread =
          new Thread(
              () -> {
                byte[] buffer = new byte[8192];
                try (in) {
                  for (int n; (n = in.read(buffer)) >= 0; ) {
                    synchronized (bytes) {
                      bytes.write(buffer, 0, n);
                    }
                  }
                } catch (IOException closed) {
                  // the channel was closed under us: what was read is what there is
                }
              },
              "rocelab-lab " + name);
      thread.setDaemon(true);
      thread.start();
    }

    boolean await(Duration timeout) throws InterruptedException {
      thread.join(Math.max(1, timeout.toMillis()));
      return !thread.isAlive();
    }

    String text() {
      synchronized (bytes) {
        return bytes.toString(StandardCharsets.UTF_8);
      }
    }
  }
}
