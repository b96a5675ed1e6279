package dev.rocelab.calibration.synthetic;

import dev.rocelab.api.fabric.Endpoint;

/**
 * A NIC of the synthetic lab as its {@code lab:} section describes it.
 *
 * @param nic the fabric's NIC, e.g. {@code host1:nic0}
 * @param address the data address traffic to it is sent to
 * @param rdmaDevice the RDMA device perftest is given for it, e.g. {@code mlx5_0}
 */
record SyntheticNic(Endpoint nic, String address, String rdmaDevice) {}
