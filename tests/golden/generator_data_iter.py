# d2l's data_iter: a generator yields minibatches that index the dataset with a tensor of indices.
import torch

def data_iter(batch_size, features, labels):
    num_examples = len(features)
    indices = list(range(num_examples))
    for i in range(0, num_examples, batch_size):
        batch_indices = torch.tensor(indices[i: min(i + batch_size, num_examples)])
        yield features[batch_indices], labels[batch_indices]

features = torch.arange(20.).reshape(10, 2)
labels = torch.arange(10.)
batches = data_iter(4, features, labels)
print(type(batches))
for X, y in batches:
    print(X, '\n', y)
    print(X.data_ptr() == features.data_ptr(), X._base is None)
print(list(batches))
w = torch.zeros(2, requires_grad=True)
for X, y in data_iter(5, features, labels):
    l = ((X @ w - y) ** 2 / 2).sum()
    l.backward()
    with torch.no_grad():
        w -= 0.001 * w.grad / 5
        w.grad.zero_()
print(w)
