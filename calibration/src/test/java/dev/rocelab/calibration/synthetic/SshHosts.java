package dev.rocelab.calibration.synthetic;

import com.jcraft.jsch.JSch;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.KeyPair;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.config.keys.PublicKeyEntryResolver;
import org.apache.sshd.server.Environment;
import org.apache.sshd.server.ExitCallback;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.auth.pubkey.KeySetPublickeyAuthenticator;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.command.Command;
import org.apache.sshd.server.keyprovider.SimpleGeneratorHostKeyProvider;

/**
 * The synthetic lab's hosts as SSH servers (Apache MINA SSHD), one per host on its own port of
 * 127.0.0.1, each running the commands it is sent through a {@link HostShell}. They share one host
 * key, generated into a directory with the key pair a client logs in with (ECDSA, written by JSch
 * as the lab backend reads it) and the {@code known_hosts} file that lists every host's key under
 * its port, so the lab backend checks host keys as it does on a real lab. Only that key pair is
 * accepted.
 */
final class SshHosts implements AutoCloseable {

  private static final String HOST = "127.0.0.1";

  private final HostShell shell;
  private final Path identityFile;
  private final Path knownHosts;
  private final Map<String, SshServer> servers = new LinkedHashMap<>();
  private final ExecutorService commands =
      Executors.newCachedThreadPool(
          runnable -> {
            Thread thread = new Thread(runnable, "synthetic lab command");
            thread.setDaemon(true);
            return thread;
          });

  /**
   * Starts a server per host.
   *
   * @param hosts the host names
   * @param dir where the keys and known_hosts are written
   * @param shell what the hosts do with commands
   * @throws IOException if a key cannot be generated or written, or a server does not start
   */
  SshHosts(List<String> hosts, Path dir, HostShell shell) throws IOException {
    this.shell = shell;
    identityFile = dir.resolve("id_ecdsa");
    knownHosts = dir.resolve("known_hosts");
    SimpleGeneratorHostKeyProvider hostKey =
        new SimpleGeneratorHostKeyProvider(dir.resolve("ssh_host_ec_key"));
    try {
      String hostPublicKey = PublicKeyEntry.toString(hostKey.loadKeys(null).get(0).getPublic());
      KeySetPublickeyAuthenticator accepted =
          new KeySetPublickeyAuthenticator("synthetic lab user", List.of(userKey()));
      List<String> known = new ArrayList<>();
      for (String host : hosts) {
        SshServer server = SshServer.setUpDefaultServer();
        server.setHost(HOST);
        server.setPort(0);
        server.setKeyPairProvider(hostKey);
        server.setPublickeyAuthenticator(accepted);
        server.setCommandFactory((channel, command) -> new HostCommand(host, command));
        servers.put(host, server);
        server.start();
        known.add("[" + HOST + "]:" + server.getPort() + " " + hostPublicKey);
      }
      Files.write(knownHosts, known, StandardCharsets.UTF_8);
    } catch (IOException | GeneralSecurityException | JSchException | RuntimeException e) {
      IOException failure =
          e instanceof IOException io ? io : new IOException("cannot set up the SSH servers", e);
      try {
        close();
      } catch (IOException stopping) {
        failure.addSuppressed(stopping);
      }
      throw failure;
    }
  }

  /** Generates the client's key pair into its files and returns its public key. */
  private PublicKey userKey() throws JSchException, IOException, GeneralSecurityException {
    KeyPair pair = KeyPair.genKeyPair(new JSch(), KeyPair.ECDSA, 256);
    Path publicFile = Path.of(identityFile + ".pub");
    try {
      pair.writePrivateKey(identityFile.toString());
      pair.writePublicKey(publicFile.toString(), "synthetic-lab");
    } finally {
      pair.dispose();
    }
    return PublicKeyEntry.parsePublicKeyEntry(Files.readString(publicFile).strip())
        .resolvePublicKey(null, Map.of(), PublicKeyEntryResolver.FAILING);
  }

  /**
   * @return the address every host's SSH server listens on
   */
  String address() {
    return HOST;
  }

  /**
   * @param host a host name
   * @return the port its SSH server listens on
   */
  int port(String host) {
    return servers.get(host).getPort();
  }

  /**
   * @return the private key the servers accept
   */
  Path identityFile() {
    return identityFile;
  }

  /**
   * @return the known_hosts file with every server's host key
   */
  Path knownHosts() {
    return knownHosts;
  }

  /** Stops every server and every command still running. */
  @Override
  public void close() throws IOException {
    commands.shutdownNow();
    IOException failure = null;
    for (SshServer server : servers.values()) {
      try {
        server.stop(true);
      } catch (IOException e) {
        failure = e;
      }
    }
    if (failure != null) {
      throw failure;
    }
  }

  /** One command sent to a host: answered by the shell on a thread of its own. */
  private final class HostCommand implements Command {

    private final String host;
    private final String line;
    private final CompletableFuture<Void> hangUp = new CompletableFuture<>();
    private OutputStream out;
    private OutputStream err;
    private ExitCallback exit;

    HostCommand(String host, String line) {
      this.host = host;
      this.line = line;
    }

    @Override
    public void setInputStream(InputStream in) {
      // the lab sends no input
    }

    @Override
    public void setOutputStream(OutputStream out) {
      this.out = out;
    }

    @Override
    public void setErrorStream(OutputStream err) {
      this.err = err;
    }

    @Override
    public void setExitCallback(ExitCallback exit) {
      this.exit = exit;
    }

    @Override
    public void start(ChannelSession channel, Environment environment) {
      commands.execute(this::run);
    }

    @Override
    public void destroy(ChannelSession channel) {
      hangUp.complete(null);
    }

    private void run() {
      HostShell.Answer answer;
      try {
        answer = shell.answer(host, line, hangUp);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        answer = HostShell.Answer.failure("interrupted: the synthetic lab is closing");
      } catch (RuntimeException e) {
        answer = HostShell.Answer.failure(e.getMessage());
      }
      try {
        out.write(answer.stdout().getBytes(StandardCharsets.UTF_8));
        out.flush();
        err.write(answer.stderr().getBytes(StandardCharsets.UTF_8));
        err.flush();
      } catch (IOException hungUp) {
        // the lab closed the channel: nobody reads what the command printed
      }
      exit.onExit(answer.exitStatus());
    }
  }
}
