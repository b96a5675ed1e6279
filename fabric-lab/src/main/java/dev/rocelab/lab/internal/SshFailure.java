package dev.rocelab.lab.internal;

import com.jcraft.jsch.JSchException;
import dev.rocelab.lab.LabSsh;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;

/** Says in plain words why an SSH login failed, naming the target and never a credential. */
final class SshFailure {

  private SshFailure() {}

  static String describe(JSchException e, LabSsh target) {
    String where = target.target();
    Throwable cause = e.getCause();
    String message = String.valueOf(e.getMessage());
    if (cause instanceof ConnectException) {
      return "SSH connection refused by " + where;
    }
    if (cause instanceof UnknownHostException) {
      return "unknown host " + target.address() + " (SSH to " + where + ")";
    }
    if (cause instanceof NoRouteToHostException
        || cause instanceof SocketTimeoutException
        || message.contains("timeout")) {
      return "host unreachable: SSH to " + where + " got no answer";
    }
    if (message.startsWith("Auth fail") || message.startsWith("Auth cancel")) {
      return "SSH authentication failed for " + where + " (the key or agent identity was rejected)";
    }
    if (message.startsWith("UnknownHostKey") || message.startsWith("reject HostKey")) {
      return "the host key of "
          + where
          + " is not in known_hosts (add it, or set strictHostKeyChecking: false"
          + " explicitly)";
    }
    if (message.startsWith("HostKey has been changed")) {
      return "the host key of "
          + where
          + " does not match known_hosts: it changed, or something is in between";
    }
    if (message.contains("Connection refused")) {
      return "SSH connection refused by " + where;
    }
    return "SSH to " + where + " failed: " + message;
  }
}
